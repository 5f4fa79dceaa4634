// Arena's C++ SDK for The Purge: the match parameters (the kit's Settings.hh).

#ifndef ARENA_PURGE_SETTINGS_HH
#define ARENA_PURGE_SETTINGS_HH

#include "Defs.hh"
#include "Structs.hh"

namespace arena_sdk {
struct Runtime;
// The parameters of default.cnf, in its order (the setup view's order, docs/bot-abi.md).
struct PurgeParams {
  int num_players = 4;
  int num_days = 0, num_rounds_per_day = 0, board_rows = 0, board_cols = 0;
  int num_ini_builders = 0, num_ini_warriors = 0, num_ini_money = 0, num_ini_food = 0, num_ini_guns = 0,
      num_ini_bazookas = 0;
  int builder_ini_life = 0, warrior_ini_life = 0, money_points = 0, kill_builder_points = 0,
      kill_warrior_points = 0, food_incr_life = 0, life_lost_in_attack = 0;
  int builder_strength_attack = 0, hammer_strength_attack = 0, gun_strength_attack = 0, bazooka_strength_attack = 0;
  int builder_strength_demolish = 0, hammer_strength_demolish = 0, gun_strength_demolish = 0,
      bazooka_strength_demolish = 0;
  int num_rounds_regen_builder = 0, num_rounds_regen_warrior = 0, num_rounds_regen_food = 0,
      num_rounds_regen_money = 0, num_rounds_regen_weapon = 0;
  int barricade_resistance_step = 0, barricade_max_resistance = 0, max_num_barricades = 0;
};
}  // namespace arena_sdk

class Settings {
 public:
  // "ThePurge 1.0", as the kit.
  static string version() { return string(GAME_NAME) + " " + string(VERSION); }

  int num_players() const { return p_.num_players; }
  int num_days() const { return p_.num_days; }
  // Rounds per day, an even number: the first half daylight, the second night.
  int num_rounds_per_day() const { return p_.num_rounds_per_day; }
  int num_rounds() const { return num_days() * num_rounds_per_day(); }
  int board_rows() const { return p_.board_rows; }
  int board_cols() const { return p_.board_cols; }
  int num_ini_builders() const { return p_.num_ini_builders; }
  int num_ini_warriors() const { return p_.num_ini_warriors; }
  int num_ini_money() const { return p_.num_ini_money; }
  int num_ini_food() const { return p_.num_ini_food; }
  int num_ini_guns() const { return p_.num_ini_guns; }
  int num_ini_bazookas() const { return p_.num_ini_bazookas; }
  int builder_ini_life() const { return p_.builder_ini_life; }
  int warrior_ini_life() const { return p_.warrior_ini_life; }
  // A citizen type's initial (and maximum) life; -1 for anything else.
  int citizen_ini_life(CitizenType ct) const {
    switch (ct) {
      case Builder: return builder_ini_life();
      case Warrior: return warrior_ini_life();
      default: return -1;
    }
  }
  int money_points() const { return p_.money_points; }
  int kill_builder_points() const { return p_.kill_builder_points; }
  int kill_warrior_points() const { return p_.kill_warrior_points; }
  int food_incr_life() const { return p_.food_incr_life; }
  int life_lost_in_attack() const { return p_.life_lost_in_attack; }
  int builder_strength_attack() const { return p_.builder_strength_attack; }
  int hammer_strength_attack() const { return p_.hammer_strength_attack; }
  int gun_strength_attack() const { return p_.gun_strength_attack; }
  int bazooka_strength_attack() const { return p_.bazooka_strength_attack; }
  // Attack strength with weapon w (NoWeapon: a builder's); -1 for anything else.
  int weapon_strength_attack(WeaponType w) const {
    switch (w) {
      case Hammer: return hammer_strength_attack();
      case Gun: return gun_strength_attack();
      case Bazooka: return bazooka_strength_attack();
      case NoWeapon: return builder_strength_attack();
      default: return -1;
    }
  }
  int builder_strength_demolish() const { return p_.builder_strength_demolish; }
  int hammer_strength_demolish() const { return p_.hammer_strength_demolish; }
  int gun_strength_demolish() const { return p_.gun_strength_demolish; }
  int bazooka_strength_demolish() const { return p_.bazooka_strength_demolish; }
  // Demolition strength with weapon w (NoWeapon: a builder's); -1 for anything else.
  int weapon_strength_demolish(WeaponType w) const {
    switch (w) {
      case Hammer: return hammer_strength_demolish();
      case Gun: return gun_strength_demolish();
      case Bazooka: return bazooka_strength_demolish();
      case NoWeapon: return builder_strength_demolish();
      default: return -1;
    }
  }
  int num_rounds_regen_builder() const { return p_.num_rounds_regen_builder; }
  int num_rounds_regen_warrior() const { return p_.num_rounds_regen_warrior; }
  // Rounds before a dead citizen of this type comes back; -1 for anything else.
  int num_rounds_regen_citizen(CitizenType ci) const {
    switch (ci) {
      case Builder: return num_rounds_regen_builder();
      case Warrior: return num_rounds_regen_warrior();
      default: return -1;
    }
  }
  int num_rounds_regen_food() const { return p_.num_rounds_regen_food; }
  int num_rounds_regen_money() const { return p_.num_rounds_regen_money; }
  int num_rounds_regen_weapon() const { return p_.num_rounds_regen_weapon; }
  int barricade_resistance_step() const { return p_.barricade_resistance_step; }
  int barricade_max_resistance() const { return p_.barricade_max_resistance; }
  int max_num_barricades() const { return p_.max_num_barricades; }

  // Whether pl is a valid player id.
  bool player_ok(int pl) const { return pl >= 0 && pl < num_players(); }
  // Whether (i, j) is on the board.
  bool pos_ok(int i, int j) const { return i >= 0 && i < board_rows() && j >= 0 && j < board_cols(); }
  bool pos_ok(Pos p) const { return pos_ok(p.i, p.j); }
  // Whether round r is daylight (the first half of its day) or night.
  bool is_round_day(int r) const { return r % num_rounds_per_day() < num_rounds_per_day() / 2; }
  bool is_round_night(int r) const { return !is_round_day(r); }

 private:
  friend struct arena_sdk::Runtime;
  arena_sdk::PurgeParams p_;
};

#endif
