// Arena's C++ SDK for Pandemic: the state of the match as the bot sees it at the start of a
// round (the kit's State.hh). The SDK refreshes it from the host's round view before each play().
//
// round() total_score(pl) status(pl) cell(i, j) cell(p) unit(id) nb_cities() city(id)
// city_owner(id) nb_paths() path(id) path_owner(id) come from GridState (arena/grid_state.hh):
// they return copies, as in the kit, and a bad argument warns and returns the kit's default
// value.

#ifndef ARENA_PANDEMIC_STATE_HH
#define ARENA_PANDEMIC_STATE_HH

#include "Settings.hh"
#include "arena/grid_state.hh"

namespace arena_sdk {
// What Pandemic's round view adds to the grid games' (docs/bot-abi.md): virus levels and mask
// flags per cell, 28-byte units.
struct PandemicView {
  static const size_t unit_size = 28;
  // i32 player, i, j, health, damage, turns, flags (bit 0 immune, bit 1 mask).
  static Unit unit(const uint8_t* r, int id) {
    int32_t flags = view_i32(r + 24);
    return Unit(id, view_i32(r), Pos(view_i32(r + 4), view_i32(r + 8)), view_i32(r + 12), view_i32(r + 16),
                view_i32(r + 20), (flags & 1) != 0, (flags & 2) != 0);
  }
  // parts: rows x cols virus levels, then as many mask flags (zeros before the first round).
  static void cell(Cell& c, const uint8_t* parts, size_t n, size_t k) {
    c.virus = parts[k];
    c.mask = parts[n + k] != 0;
  }
};
}  // namespace arena_sdk

class State : public arena_sdk::GridState<Settings, Cell, Unit, arena_sdk::PandemicView> {
 public:
  // Number of units of all players (ids 0 .. total_units() - 1).
  int total_units() const { return arena_unit_count(); }

  // The ids of player pl's units, ascending.
  vector<int> my_units(int pl) const { return arena_units_of(pl, "units"); }
};

#endif
