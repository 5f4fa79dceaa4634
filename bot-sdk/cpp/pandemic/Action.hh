// Arena's C++ SDK for Pandemic: giving orders (the kit's Action.hh).
//
// Orders are queued and sent to the host in chunks; the last ones when play() returns. They take
// effect after every player has played the round. Only a unit's first order in a round counts,
// orders for units the player does not own are ignored, and more than 1000 orders in one round
// stop the bot (frozen, reason `orders`): all as in the kit.

#ifndef ARENA_PANDEMIC_ACTION_HH
#define ARENA_PANDEMIC_ACTION_HH

#include "Structs.hh"

class Action {
 public:
  // Orders unit id to move in direction dir: into an empty cell it moves, into an enemy it attacks.
  void move(int id, Dir dir) { arena_sdk::give_unit_order(id, dir); }

  // Same as move(c.id, c.dir).
  void execute(const Command& c) { move(c.id, c.dir); }
};

#endif
