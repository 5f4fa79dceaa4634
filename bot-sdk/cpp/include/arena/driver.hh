// Arena's C++ SDK: the driver behind the exports `arena_start` and `arena_play`, the same for
// every game. Only the games' arena_main.cc include it, through their view decoders.

#ifndef ARENA_DRIVER_HH
#define ARENA_DRIVER_HH

#include "Utils.hh"
#include "arena/abi.hh"

namespace arena_sdk {

// The exports' work, for a game's Runtime R: `static PlayerT* player`, `static void
// start(Reader&)` (creates the player and decodes the setup view) and `static void round(Reader&)`.
template <class R>
struct Driver {
  // The setup view, kept from arena_start until the first arena_play creates the player.
  static inline vector<uint8_t> setup;

  static void start(const uint8_t* ptr, int32_t len, const char* game) {
    if (R::player != nullptr || !setup.empty()) fail("arena_start called twice");
    size_t n = len > 0 ? size_t(len) : 0;
    // Check the header now, so that a bot built for another game stops before round 0.
    Reader r(ptr, n);
    read_setup_header(r, game);
    setup.assign(ptr, ptr + n);
  }

  // The host allows its imports (random) only during arena_play, so the player is created
  // here: a constructor may call random().
  static void play(const uint8_t* ptr, int32_t len) {
    if (R::player == nullptr) {
      if (setup.empty()) fail("arena_play called before arena_start");
      Reader s(setup.data(), setup.size());
      R::start(s);
      vector<uint8_t>().swap(setup);
    }
    Reader r(ptr, len > 0 ? size_t(len) : 0);
    R::round(r);
    clear_orders();
    R::player->play();
    flush_orders();
  }
};

}  // namespace arena_sdk

#endif
