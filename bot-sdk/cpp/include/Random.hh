// Arena's C++ SDK: random numbers, as the kits' Random.hh offers them to the Player class.
//
// Every draw comes from the bot's own random stream, derived from the match seed by the host
// (the `arena.random` import): the same seed gives the same draws, so a match replays exactly.
// rand() and <random> engines also work and are deterministic (fixed seeds), but std::random_device
// would need host randomness and is refused by `arena build`.

#ifndef ARENA_RANDOM_HH
#define ARENA_RANDOM_HH

#include "Utils.hh"
#include "arena/abi.hh"

namespace arena_sdk {

class Random {
 public:
  // A uniformly random integer in [l, u]. Stops the bot if l > u.
  int random(int l, int u) const {
    if (l > u) fail("random(%d, %d): the lower bound is greater than the upper bound", l, u);
    return int(arena_host_random(l, u));
  }

  // A uniformly random permutation of 0..n-1. It is Fisher-Yates from the last index down:
  // start from [0, 1, ..., n-1]; for k = n-1 down to 1, swap the elements at k and
  // random(0, k). That is n-1 draws, the same as the Rust SDK and the engine's house bots make,
  // so the same seed gives the same permutation in every language.
  vector<int> random_permutation(int n) const {
    vector<int> v(n > 0 ? n : 0);
    for (int k = 0; k < n; ++k) v[k] = k;
    for (int k = n - 1; k >= 1; --k) std::swap(v[k], v[random(0, k)]);
    return v;
  }
};

}  // namespace arena_sdk

#endif
