// Arena's C++ SDK: what the kits' Utils.hh gives every player. Player.hh includes it, so a
// player sees the whole standard library and `using namespace std;` without including anything,
// as in the kits ("in many cases, you don't even need to include the corresponding library").

#ifndef ARENA_UTILS_HH
#define ARENA_UTILS_HH

#include <bits/stdc++.h>

using namespace std;

// The kits' assertion macro: when `cond` is false, prints the message and stops the bot (it is
// frozen with reason `trap`). Unlike assert(), it is never compiled out.
#define _my_assert(cond, msg)                                                                   \
  do {                                                                                          \
    if (!(cond)) ::arena_sdk::assertion_failed(#cond, msg, __FILE__, __LINE__);                 \
  } while (0)

// Marks code that must never run.
#define _unreachable() ::arena_sdk::assertion_failed("unreachable code", "reached", __FILE__, __LINE__)

namespace arena_sdk {
[[noreturn]] inline void assertion_failed(const char* cond, const std::string& msg, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: assertion `%s` failed: %s\n", file, line, cond, msg.c_str());
  std::abort();
}
}  // namespace arena_sdk

#endif
