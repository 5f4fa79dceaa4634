// Arena's C++ SDK for The Purge: giving orders (the kit's Action.hh): move(id, dir) and
// build(id, dir).
//
// As in the kit, only a citizen's first order in a round counts: a later one is ignored with
// the 2020 kit's warning on stderr, and is sent to the host as a no-op record (citizen -1) so
// that it still counts toward the 1000 orders of a round. Every other order goes to the game,
// which ignores, silently as the kit, orders for unknown citizens, for another player's, with
// an invalid direction, moves into buildings and builds it does not allow. More than 1000
// orders in one round stop the bot (frozen, reason `orders`), where the kit aborted it.

#ifndef ARENA_PURGE_ACTION_HH
#define ARENA_PURGE_ACTION_HH

#include "Structs.hh"
#include "arena/once_per_round.hh"

namespace arena_sdk {
struct Runtime;
}

class Action {
 public:
  // Citizen id moves one cell toward dir: a step, a pick-up, an attack (by night) or a
  // demolition (by night), as the round's state allows when the order runs.
  void move(int id, Dir dir) { execute(id, Move, dir); }
  // Builder id builds a barricade, or reinforces its own, on the cell toward dir (by day).
  void build(int id, Dir dir) { execute(id, Build, dir); }

 private:
  friend struct arena_sdk::Runtime;
  arena_sdk::OncePerRound once_;

  void execute(int id, CommandType type, Dir dir) {
    if (once_.already_ordered(id)) {
      arena_sdk::warn("command already requested for citizen %d", id);
      send(-1, Move, 0);
    } else {
      send(id, type, int(dir));
    }
  }

  static void send(int id, int type, int dir) {
    int32_t record[3] = {int32_t(id), int32_t(type), int32_t(dir)};
    arena_sdk::give_order(record, sizeof record);
  }

  // Called by the runtime before each play(), with the number of citizen ids so far.
  void begin_round(size_t ids) { once_.begin_round(ids); }
};

#endif
