// Arena's C++ SDK for Pandemic: the match parameters (the kit's Settings.hh). The parameters
// every grid game has are in arena/grid_state.hh.

#ifndef ARENA_PANDEMIC_SETTINGS_HH
#define ARENA_PANDEMIC_SETTINGS_HH

#include "Structs.hh"
#include "arena/grid_state.hh"

namespace arena_sdk {
struct PandemicSettings {
  int nb_units = 0;
  double infection_factor = 0, mask_protection = 0;
};
}  // namespace arena_sdk

// nb_players() rows() cols() nb_rounds() initial_health() bonus_per_city_cell()
// bonus_per_path_cell() factor_connected_component() player_ok(pl) pos_ok(i, j) pos_ok(p) come
// from GridSettings.
class Settings : public arena_sdk::GridSettings {
 public:
  // Units per player at the start.
  int nb_units() const { return arena_settings_.nb_units; }
  // An unmasked unit on a cell with virus v is infected with probability v / infection_factor().
  double infection_factor() const { return arena_settings_.infection_factor; }
  // A mask divides that probability by mask_protection().
  double mask_protection() const { return arena_settings_.mask_protection; }

 private:
  friend struct arena_sdk::Runtime;
  arena_sdk::PandemicSettings arena_settings_;
};

#endif
