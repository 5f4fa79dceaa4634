// Arena's C++ SDK for Mad Max: the match parameters (the kit's Settings.hh).

#ifndef ARENA_MAD_MAX_SETTINGS_HH
#define ARENA_MAD_MAX_SETTINGS_HH

#include "Defs.hh"
#include "Structs.hh"

namespace arena_sdk {
struct Runtime;
// The parameters of default.cnf, in its order (the setup view's order, docs/bot-abi.md).
struct MadMaxParams {
  int nb_players = 4;
  int nb_rounds = 0, nb_cities = 0, nb_warriors = 0, nb_cars = 0;
  int warriors_health = 0, cars_fuel = 0, damage = 0, rows = 0, cols = 0;
};
}  // namespace arena_sdk

class Settings {
 public:
  // "Mad_Max 1.6", as the kit.
  static string version() { return "Mad_Max 1.6"; }

  // Number of players (4).
  int nb_players() const { return p_.nb_players; }
  // Rounds of the match, numbered from 0.
  int nb_rounds() const { return p_.nb_rounds; }
  // Cities on the board (nb_cities() / 4 per player at the start).
  int nb_cities() const { return p_.nb_cities; }
  // Warriors each player starts with.
  int nb_warriors() const { return p_.nb_warriors; }
  // Cars each player starts with.
  int nb_cars() const { return p_.nb_cars; }
  // A warrior's initial (and maximum) food and water.
  int warriors_health() const { return p_.warriors_health; }
  // A car's initial (and maximum) fuel.
  int cars_fuel() const { return p_.cars_fuel; }
  // Food and water a warrior attack takes from its target.
  int damage() const { return p_.damage; }
  // Rows of the board.
  int rows() const { return p_.rows; }
  // Columns of the board.
  int cols() const { return p_.cols; }

  // Whether pl is a valid player id.
  bool player_ok(int pl) const { return pl >= 0 && pl < nb_players(); }
  // Whether (i, j) is on the board.
  bool pos_ok(int i, int j) const { return i >= 0 && i < rows() && j >= 0 && j < cols(); }
  bool pos_ok(Pos p) const { return pos_ok(p.i, p.j); }

 private:
  friend struct arena_sdk::Runtime;
  arena_sdk::MadMaxParams p_;
};

#endif
