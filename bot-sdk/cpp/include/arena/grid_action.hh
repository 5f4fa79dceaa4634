// Arena's C++ SDK: giving orders in the grid games (the kits' Action.hh), with the kits' checks
// and warnings. Each game's Action derives from GridAction and names its calls (execute, move).
//
// The kit checks an order twice: Action::execute warns about a second order for the same unit,
// and the game master then warns about an unknown unit, a unit of another player or an invalid
// direction. Here both happen in execute(), with the kit's words, and an order that fails a check
// is sent to the host as a no-op record (unit -1): the host still counts it toward the 1000
// orders of a round, as the kit does, and a unit's later orders stay ignored, as in the kit.

#ifndef ARENA_GRID_ACTION_HH
#define ARENA_GRID_ACTION_HH

#include "arena/grid.hh"

namespace arena_sdk {

struct Runtime;

class GridAction {
 public:
  // Gives the order c: unit c.id moves (or attacks) in direction c.dir after every player has
  // played the round.
  void execute(Command c) {
    int id = c.id;
    if (already_ordered(id)) {
      warn("command already requested for unit %d", id);
      give_unit_order(-1, NONE);
    } else if (id < 0 || id >= int(owner_.size())) {
      warn("id out of range : %d", id);
      give_unit_order(-1, NONE);
    } else if (owner_[size_t(id)] != me_) {
      warn("unit %d of player %d not owned by %d", id, owner_[size_t(id)], me_);
      give_unit_order(-1, NONE);
    } else if (!dir_ok(c.dir)) {
      warn("direction not valid: %d", int(c.dir));
      give_unit_order(-1, NONE);
    } else {
      give_unit_order(id, c.dir);
    }
  }

 private:
  friend struct Runtime;
  int me_ = -1;
  int round_ = 0;             // the round being played, from 1
  vector<int> owner_;         // each unit's player, by id
  vector<int> ordered_;       // per unit id: the round of its last order
  std::set<int> odd_ordered_; // ids out of range ordered this round

  // Called by the runtime before each play(), with this round's units (by id).
  template <class UnitT>
  void begin_round(int me, const vector<UnitT>& units) {
    me_ = me;
    ++round_;
    owner_.resize(units.size());
    for (size_t k = 0; k < units.size(); ++k) owner_[k] = units[k].player;
    if (ordered_.size() < owner_.size()) ordered_.resize(owner_.size(), 0);
    odd_ordered_.clear();
  }

  // Whether unit id had an order this round; records that it has one now.
  bool already_ordered(int id) {
    if (id >= 0 && id < int(ordered_.size())) {
      if (ordered_[size_t(id)] == round_) return true;
      ordered_[size_t(id)] = round_;
      return false;
    }
    return !odd_ordered_.insert(id).second;
  }
};

}  // namespace arena_sdk

#endif
