// Arena's C++ SDK for Pandemic: giving orders (the kit's Action.hh).
//
// Orders are queued and sent to the host in chunks; the last ones when play() returns. They take
// effect after every player has played the round. As in the kit, a unit's second order in a
// round, an unknown unit, another player's unit and an invalid direction are ignored with the
// kit's warning on stderr (arena/grid_action.hh), and more than 1000 orders in one round stop the
// bot (frozen, reason `orders`; the kit aborts with "Too many commands.").

#ifndef ARENA_PANDEMIC_ACTION_HH
#define ARENA_PANDEMIC_ACTION_HH

#include "Structs.hh"
#include "arena/grid_action.hh"

class Action : public arena_sdk::GridAction {
 public:
  // execute(Command(id, dir)) comes from GridAction.

  // Orders unit id to move in direction d: into an empty cell it moves, into an enemy it attacks.
  void move(int id, Dir d) { execute(Command(id, d)); }
};

#endif
