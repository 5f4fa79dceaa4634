// Arena's C++ SDK for Ork Island: giving orders (the kit's Action.hh): execute(Command(id, dir))
// only, as in the kit (a member named move would hide std::move in player code).
//
// As in the kit, a unit's second order in a round, an unknown ork, another player's ork and an
// invalid direction are ignored with the kit's warning on stderr (arena/grid_action.hh), and
// more than 1000 orders in one round stop the bot (frozen, reason `orders`).

#ifndef ARENA_ORK_ISLAND_ACTION_HH
#define ARENA_ORK_ISLAND_ACTION_HH

#include "Structs.hh"
#include "arena/grid_action.hh"

// execute(c): ork c.id moves one cell in direction c.dir: into an empty cell it moves, into an
// enemy it fights, into water or an own ork nothing happens.
class Action : public arena_sdk::GridAction {};

#endif
