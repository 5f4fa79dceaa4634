// Arena's C++ SDK for Ork Island: giving orders (the kit's Action.hh).
//
// Orders are queued and sent to the host in chunks; the last ones when play() returns. They take
// effect after every player has played the round. Only an ork's first order in a round counts,
// orders for orks the player does not own are ignored, and more than 1000 orders in one round
// stop the bot (frozen, reason `orders`): all as in the kit.

#ifndef ARENA_ORK_ISLAND_ACTION_HH
#define ARENA_ORK_ISLAND_ACTION_HH

#include "Structs.hh"

class Action {
 public:
  // Orders ork c.id to move one cell in direction c.dir: into an empty cell it moves, into an
  // enemy it fights, into water or an own ork nothing happens.
  void execute(const Command& c) { arena_sdk::give_unit_order(c.id, c.dir); }
};

#endif
