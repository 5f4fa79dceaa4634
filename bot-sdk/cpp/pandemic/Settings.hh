// Arena's C++ SDK for Pandemic: the match parameters (the kit's Settings.hh).

#ifndef ARENA_PANDEMIC_SETTINGS_HH
#define ARENA_PANDEMIC_SETTINGS_HH

#include "Structs.hh"

namespace arena_sdk {
struct Runtime;

struct PandemicSettings {
  int nb_players = 4;
  int rows = 0, cols = 0, nb_rounds = 0, initial_health = 0, nb_units = 0;
  int bonus_per_city_cell = 0, bonus_per_path_cell = 0, factor_connected_component = 0;
  double infection_factor = 0, mask_protection = 0;
};
}  // namespace arena_sdk

class Settings {
 public:
  // Number of players (4).
  int nb_players() const { return arena_settings_.nb_players; }
  // Rows of the board.
  int rows() const { return arena_settings_.rows; }
  // Columns of the board.
  int cols() const { return arena_settings_.cols; }
  // Rounds of the match.
  int nb_rounds() const { return arena_settings_.nb_rounds; }
  // Health of a unit when it appears.
  int initial_health() const { return arena_settings_.initial_health; }
  // Units per player at the start.
  int nb_units() const { return arena_settings_.nb_units; }
  // Points per round for each cell of an owned city.
  int bonus_per_city_cell() const { return arena_settings_.bonus_per_city_cell; }
  // Points per round for each cell of an owned path.
  int bonus_per_path_cell() const { return arena_settings_.bonus_per_path_cell; }
  // Factor of the 2^size points per connected component of owned cities and paths.
  int factor_connected_component() const { return arena_settings_.factor_connected_component; }
  // An unmasked unit on a cell with virus v is infected with probability v / infection_factor().
  double infection_factor() const { return arena_settings_.infection_factor; }
  // A mask divides that probability by mask_protection().
  double mask_protection() const { return arena_settings_.mask_protection; }

  // Whether pl is a valid player id.
  bool player_ok(int pl) const { return pl >= 0 && pl < nb_players(); }
  // Whether (i, j) is on the board.
  bool pos_ok(int i, int j) const { return i >= 0 && i < rows() && j >= 0 && j < cols(); }
  bool pos_ok(Pos p) const { return pos_ok(p.i, p.j); }

 private:
  friend struct arena_sdk::Runtime;
  arena_sdk::PandemicSettings arena_settings_;
};

#endif
