// Arena's C++ SDK: which units had an order this round. The kits keep only a unit's first
// order of a round (Action::execute); every game's Action asks this tracker, for any id, even
// one out of range (the kits remember those too).

#ifndef ARENA_ONCE_PER_ROUND_HH
#define ARENA_ONCE_PER_ROUND_HH

#include "Utils.hh"

namespace arena_sdk {

class OncePerRound {
 public:
  // A new round, in which ids 0..ids-1 may be ordered.
  void begin_round(size_t ids) {
    ++round_;
    if (ordered_.size() < ids) ordered_.resize(ids, 0);
    odd_ordered_.clear();
  }

  // Whether id had an order this round; records that it has one now.
  bool already_ordered(int id) {
    if (id >= 0 && id < int(ordered_.size())) {
      if (ordered_[size_t(id)] == round_) return true;
      ordered_[size_t(id)] = round_;
      return false;
    }
    return !odd_ordered_.insert(id).second;
  }

 private:
  int round_ = 0;              // rounds begun, 1 in the first
  vector<int> ordered_;        // per id: the round of its last order
  std::set<int> odd_ordered_;  // ids outside 0..ids-1 ordered this round
};

}  // namespace arena_sdk

#endif
