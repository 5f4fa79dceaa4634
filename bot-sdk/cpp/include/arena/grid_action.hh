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
#include "arena/once_per_round.hh"

namespace arena_sdk {

struct Runtime;

class GridAction {
 public:
  // Gives the order c: unit c.id moves (or attacks) in direction c.dir after every player has
  // played the round.
  void execute(Command c) {
    int id = c.id;
    if (once_.already_ordered(id)) {
      warn("command already requested for unit %d", id);
      give_unit_order(-1, NONE);
    } else if (id < 0 || size_t(id) >= nb_units_) {
      warn("id out of range : %d", id);
      give_unit_order(-1, NONE);
    } else if (owner(id) != me_) {
      warn("unit %d of player %d not owned by %d", id, owner(id), me_);
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
  // This round's unit records in the view (each starts with its player), read in place.
  const uint8_t* units_ = nullptr;
  size_t nb_units_ = 0, unit_size_ = 0;
  OncePerRound once_;

  int owner(int id) const { return view_i32(units_ + size_t(id) * unit_size_); }

  // Called by the runtime before each play(), with this round's unit records.
  void begin_round(int me, const uint8_t* units, size_t nb_units, size_t unit_size) {
    me_ = me;
    units_ = units;
    nb_units_ = nb_units;
    unit_size_ = unit_size;
    once_.begin_round(nb_units);
  }
};

}  // namespace arena_sdk

#endif
