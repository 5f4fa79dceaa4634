// Arena's C++ SDK for Ork Island: the match parameters (the kit's Settings.hh). The parameters
// every grid game has are in arena/grid_state.hh.

#ifndef ARENA_ORK_ISLAND_SETTINGS_HH
#define ARENA_ORK_ISLAND_SETTINGS_HH

#include "Structs.hh"
#include "arena/grid_state.hh"

namespace arena_sdk {
struct OrkIslandSettings {
  int nb_orks = 0;
  int cost_grass = 0, cost_forest = 0, cost_sand = 0, cost_city = 0, cost_path = 0;
};
}  // namespace arena_sdk

// nb_players() rows() cols() nb_rounds() initial_health() bonus_per_city_cell()
// bonus_per_path_cell() factor_connected_component() player_ok(pl) pos_ok(i, j) pos_ok(p) come
// from GridSettings.
class Settings : public arena_sdk::GridSettings {
 public:
  // Orks each player controls at the start.
  int nb_orks() const { return arena_settings_.nb_orks; }
  // Health an ork pays to move into GRASS.
  int cost_grass() const { return arena_settings_.cost_grass; }
  // Health an ork pays to move into FOREST.
  int cost_forest() const { return arena_settings_.cost_forest; }
  // Health an ork pays to move into SAND.
  int cost_sand() const { return arena_settings_.cost_sand; }
  // Health an ork pays to move into CITY.
  int cost_city() const { return arena_settings_.cost_city; }
  // Health an ork pays to move into PATH.
  int cost_path() const { return arena_settings_.cost_path; }

  // Health an ork pays to move into a cell of type t. WATER can never be entered: as in the kit,
  // cost(WATER) warns on stderr and returns INT_MAX (so does a value that is not a type).
  int cost(CellType t) const {
    switch (t) {
      case GRASS: return cost_grass();
      case FOREST: return cost_forest();
      case SAND: return cost_sand();
      case CITY: return cost_city();
      case PATH: return cost_path();
      case WATER: arena_sdk::warn("cost requested for CellType WATER"); return INT_MAX;
      default: arena_sdk::warn("cost requested for CellType %d", int(t)); return INT_MAX;
    }
  }

 private:
  friend struct arena_sdk::Runtime;
  arena_sdk::OrkIslandSettings arena_settings_;
};

#endif
