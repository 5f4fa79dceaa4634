// Arena's C++ SDK: what the kits' Utils.hh gives every player. Player.hh includes it, so a
// player sees the whole standard library and `using namespace std;` without including anything,
// as in the kits ("in many cases, you don't even need to include the corresponding library"),
// plus the kits' helpers: _my_assert, _unreachable, int_to_string, string_to_int, and the game's
// GAME_NAME and VERSION (Defs.hh).

#ifndef ARENA_UTILS_HH
#define ARENA_UTILS_HH

#include <bits/stdc++.h>
#include <getopt.h>
#include <string.h>

#include "Defs.hh"

using namespace std;

namespace arena_sdk {
// Prints "error: <msg>" on stderr as the kit does, then stops the bot: frozen with reason `trap`,
// its owner reads "<file>:<line>: assertion failed: <cond>: <msg>". Defined in the runtime.
[[noreturn]] void my_assert_failed(const char* cond, const std::string& msg, const char* file, int line);
}  // namespace arena_sdk

// The kits' assertion macro: when b is false, prints "error: " and the message, then stops the
// bot (frozen, reason `trap`). The message is streamed as in the kit: `_my_assert(ok, "bad id "
// << id)` and `_my_assert(ok, "bad id " + int_to_string(id))` both work. A plain block, as in the
// kit, so that `_my_assert(a, "x")` needs no semicolon after it either.
#define _my_assert(b, s)                                                                            \
  {                                                                                                 \
    if (!(b)) {                                                                                     \
      std::ostringstream arena_assert_message_;                                                     \
      arena_assert_message_ << s;                                                                   \
      ::arena_sdk::my_assert_failed(#b, arena_assert_message_.str(), __FILE__, __LINE__);           \
    }                                                                                               \
  }

// Marks code that must never run (the kit's wording).
#define _unreachable()                                   \
  {                                                      \
    _my_assert(false, "Unreachable code reached.");      \
  }

// The kit's replacements for std::to_string and std::stoi: decimal text of i, and the integer at
// the start of s (0 when there is none; never throws).
inline string int_to_string(int i) {
  ostringstream oss;
  oss << i;
  return oss.str();
}

inline int string_to_int(const string& s) {
  istringstream iss(s);
  int i = 0;
  iss >> i;
  return i;
}

#endif
