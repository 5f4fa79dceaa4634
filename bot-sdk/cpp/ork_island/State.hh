// Arena's C++ SDK for Ork Island: the state of the match as the bot sees it at the start of a
// round (the kit's State.hh). The SDK refreshes it from the host's round view before each play().
//
// round() total_score(pl) status(pl) cell(i, j) cell(p) unit(id) nb_cities() city(id)
// city_owner(id) nb_paths() path(id) path_owner(id) come from GridState (arena/grid_state.hh):
// they return copies, as in the kit, and a bad argument warns and returns the kit's default
// value.

#ifndef ARENA_ORK_ISLAND_STATE_HH
#define ARENA_ORK_ISLAND_STATE_HH

#include "Settings.hh"
#include "arena/grid_state.hh"

namespace arena_sdk {
// Ork Island's round view: 16-byte orks, nothing per cell (docs/bot-abi.md).
struct OrkIslandView {
  static const size_t unit_size = 16;
  // i32 player, i, j, health.
  static Unit unit(const uint8_t* r, int id) {
    return Unit(id, view_i32(r), Pos(view_i32(r + 4), view_i32(r + 8)), view_i32(r + 12));
  }
  static void cell(Cell&, const uint8_t*, size_t, size_t) {}
};
}  // namespace arena_sdk

class State : public arena_sdk::GridState<Settings, Cell, Unit, arena_sdk::OrkIslandView> {
 public:
  // Number of orks of all players (ids 0 .. nb_units() - 1). Orks never disappear: a dead ork
  // comes back, for its killer's player, with the same id.
  int nb_units() const { return arena_unit_count(); }

  // The ids of the orks player pl owns, ascending.
  vector<int> orks(int pl) const { return arena_units_of(pl, "orks"); }
};

#endif
