// Arena's C++ SDK: random numbers, as the kits' Random.hh offers them to the Player class
// (Random_generator, a base class of Player).
//
// Every draw comes from the bot's own random stream, derived from the match seed by the host
// (the `arena.random` import): the same seed gives the same draws, so a match replays exactly.
// rand() and <random> engines also work and are deterministic (fixed seeds), but std::random_device
// would need host randomness and is refused by `arena build`.

#ifndef ARENA_RANDOM_HH
#define ARENA_RANDOM_HH

#include "Utils.hh"
#include "arena/abi.hh"

class Random_generator {
 public:
  // A uniformly random integer in [l, u]. As in the kit, a wrong interval (l > u) or one of more
  // than a million values returns l without drawing.
  int random(int l, int u) const {
    if (l > u) return l;
    if ((long long)u - (long long)l + 1 > 1000000) return l;
    return int(arena_host_random(l, u));
  }

  // A uniformly random permutation of 0..n-1; empty, as in the kit, when n < 0 or n > 10^6.
  // It is Fisher-Yates from the last index down: start from [0, 1, ..., n-1]; for k = n-1 down
  // to 1, swap the elements at k and random(0, k). That is n-1 draws, the same as the Rust SDK
  // and the engine's house bots make, so the same seed gives the same permutation in every
  // language (the kit draws differently, so the permutations themselves differ from the kit's).
  vector<int> random_permutation(int n) const {
    if (n < 0 || n > 1000000) return vector<int>();
    vector<int> v(n);
    for (int k = 0; k < n; ++k) v[k] = k;
    for (int k = n - 1; k >= 1; --k) std::swap(v[k], v[random(0, k)]);
    return v;
  }
};

#endif
