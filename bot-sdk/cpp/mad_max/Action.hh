// Arena's C++ SDK for Mad Max: giving orders (the kit's Action.hh): command(id, dir) and
// command(Movement).
//
// As in the kit, only a unit's first order in a round counts, even when it is None: a later one
// is ignored with the kit's warning "action already requested for unit N". The kit's game
// master then ignores, with a warning, an order for an unknown unit, for another player's unit,
// with an invalid direction, or a move of a unit that may not move this round (can_move); here
// command() prints those warnings, in the kit's words, when the order is given. Every ignored
// order is sent to the host as a no-op record (unit -1), so that it still counts toward the 1000
// orders of a round, as in the kit; more than 1000 orders in one round stop the bot (frozen,
// reason `orders`), where the kit aborts it. An Action a player makes itself (`Action a;`) only
// records orders, as in the kit: nobody executes them.

#ifndef ARENA_MAD_MAX_ACTION_HH
#define ARENA_MAD_MAX_ACTION_HH

#include "State.hh"
#include "Structs.hh"
#include "arena/once_per_round.hh"

namespace arena_sdk {
struct Runtime;
}

// An order: unit id moves in direction dir. As in the kit, it has no default constructor.
struct Movement {
  int id;
  Dir dir;

  Movement(int id, Dir dir) : id(id), dir(dir) {}
};

class Action {
 public:
  // Unit m.id moves one cell toward m.dir (None: stays) when the round is played, after every
  // player has given its orders, in a random order with everybody's.
  void command(Movement m) {
    int id = m.id;
    if (state_ == nullptr) {
      // An Action of the player's own (`Action a; a.command(...)`): as in the kit, it only
      // records the order (a second one for a unit warns), and nobody executes it.
      if (once_.already_ordered(id)) arena_sdk::warn("action already requested for unit %d", id);
    } else if (once_.already_ordered(id)) {
      arena_sdk::warn("action already requested for unit %d", id);
      arena_send_(-1, None);
    } else if (id < 0 || id >= state_->nb_units()) {
      arena_sdk::warn("id out of range :%d", id);
      arena_send_(-1, None);
    } else if (arena_owner_(id) != me_) {
      arena_sdk::warn("not own unit: %d %d %d", id, arena_owner_(id), me_);
      arena_send_(-1, None);
    } else if (!dir_ok(m.dir)) {
      arena_sdk::warn("direction not valid: %d", int(m.dir));
      arena_send_(-1, None);
    } else if (m.dir != None && !state_->can_move(id)) {
      arena_sdk::warn("cannot move: %d %d %d", id, me_, state_->round());
      arena_send_(-1, None);
    } else {
      arena_send_(id, m.dir);
    }
  }

  // The same: command(Movement(id, dir)).
  void command(int id, Dir dir) { command(Movement(id, dir)); }

 private:
  friend struct arena_sdk::Runtime;
  int me_ = -1;
  const State* state_ = nullptr;  // the player's own state (Player derives from both)
  arena_sdk::OncePerRound once_;

  // The player of unit id, an id in range (so unit() does not warn). The private names start
  // with arena_ or end with _: a player's own free function `owner` or `send` stays callable
  // from its play(), as in the kit, whose Action has no such members.
  int arena_owner_(int id) const { return state_->unit(id).player; }

  // Queues the ABI's 8-byte order record: i32 unit id, i32 direction (0..8), little-endian.
  static void arena_send_(int id, int dir) {
    int32_t record[2] = {int32_t(id), int32_t(dir)};
    arena_sdk::give_order(record, sizeof record);
  }

  // Called by the runtime before each play().
  void arena_begin_round_(int me, const State* state) {
    me_ = me;
    state_ = state;
    once_.begin_round(size_t(state->nb_units()));
  }
};

#endif
