// Arena's C++ SDK for The Walking Dead: giving orders (the kit's Action.hh): move(id, dir).
//
// As in the kit, a unit's second order in a round, an unknown unit, a unit that is not one of
// the player's alive units and an invalid direction are ignored with the kit's warning on
// stderr; such an order is sent to the host as a no-op record (unit -1), so it still counts
// toward the 1000 orders of a round, as in the kit. More than 1000 orders in one round stop the
// bot (frozen, reason `orders`). A diagonal move of an alive unit is accepted and then ignored
// by the game, as in the kit.

#ifndef ARENA_WALKING_DEAD_ACTION_HH
#define ARENA_WALKING_DEAD_ACTION_HH

#include "Structs.hh"
#include "arena/once_per_round.hh"

namespace arena_sdk {
struct Runtime;
}

class Action {
 public:
  // Unit id moves one cell in direction dir after every player has played the round.
  void move(int id, Dir dir) {
    if (once_.already_ordered(id)) {
      arena_sdk::warn("command already requested for unit %d", id);
      send(-1, 0);
    } else if (id < 0 || id >= int(owner_.size())) {
      arena_sdk::warn("invalid id : %d", id);
      send(-1, 0);
    } else if (owner_[size_t(id)] != me_) {
      arena_sdk::warn("unit %d of player %d not owned by %d", id, owner_[size_t(id)], me_);
      send(-1, 0);
    } else if (!dir_ok(dir)) {
      arena_sdk::warn("invalid dir in command: %d", int(dir));
      send(-1, 0);
    } else {
      send(id, int(dir));
    }
  }

 private:
  friend struct arena_sdk::Runtime;
  int me_ = -1;
  vector<int> owner_;  // per unit id: the player whose alive unit it is, -1 otherwise
  arena_sdk::OncePerRound once_;

  static void send(int id, int dir) {
    int32_t record[2] = {int32_t(id), int32_t(dir)};
    arena_sdk::give_order(record, sizeof record);
  }

  // Called by the runtime before each play(), with this round's units (by id).
  void begin_round(int me, const vector<Unit>& units) {
    me_ = me;
    owner_.resize(units.size());
    for (size_t k = 0; k < units.size(); ++k) owner_[k] = units[k].type == Alive ? units[k].player : -1;
    once_.begin_round(owner_.size());
  }
};

#endif
