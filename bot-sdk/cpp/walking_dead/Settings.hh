// Arena's C++ SDK for The Walking Dead: the match parameters (the kit's Settings.hh).

#ifndef ARENA_WALKING_DEAD_SETTINGS_HH
#define ARENA_WALKING_DEAD_SETTINGS_HH

#include "Defs.hh"
#include "Structs.hh"

namespace arena_sdk {
struct Runtime;
struct WalkingDeadParams {
  int num_players = 4, num_rounds = 0, board_rows = 0, board_cols = 0;
  int num_ini_units_per_clan = 0, num_ini_zombies = 0, num_ini_food = 0, clan_ini_strength = 0;
  int points_for_killing_person = 0, points_for_killing_zombie = 0, points_per_owned_cell = 0;
  int food_strength = 0, rounds_before_becoming_zombie = 0;
};
}  // namespace arena_sdk

class Settings {
 public:
  // "TheWalkingDead 1.0", as the kit.
  static string version() { return string(GAME_NAME) + " " + string(VERSION); }

  int num_players() const { return p_.num_players; }
  int num_rounds() const { return p_.num_rounds; }
  int board_rows() const { return p_.board_rows; }
  int board_cols() const { return p_.board_cols; }
  int num_ini_units_per_clan() const { return p_.num_ini_units_per_clan; }
  int num_ini_zombies() const { return p_.num_ini_zombies; }
  int num_ini_food() const { return p_.num_ini_food; }
  int clan_ini_strength() const { return p_.clan_ini_strength; }
  int points_for_killing_person() const { return p_.points_for_killing_person; }
  int points_for_killing_zombie() const { return p_.points_for_killing_zombie; }
  int points_per_owned_cell() const { return p_.points_per_owned_cell; }
  int food_strength() const { return p_.food_strength; }
  int rounds_before_becoming_zombie() const { return p_.rounds_before_becoming_zombie; }

  // Whether pl is a valid player id.
  bool player_ok(int pl) const { return pl >= 0 && pl < num_players(); }
  // Whether (i, j) is on the board.
  bool pos_ok(int i, int j) const { return i >= 0 && i < board_rows() && j >= 0 && j < board_cols(); }
  bool pos_ok(Pos p) const { return pos_ok(p.i, p.j); }

 private:
  friend struct arena_sdk::Runtime;
  arena_sdk::WalkingDeadParams p_;
};

#endif
