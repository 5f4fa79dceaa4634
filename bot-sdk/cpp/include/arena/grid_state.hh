// Arena's C++ SDK: the settings and state accessors that every grid game's kit shares (Pandemic,
// Ork Island). Each game's Settings derives from GridSettings and its State from GridState,
// adding the game's own names (Pandemic's my_units(), Ork Island's orks(), ...).
//
// The accessors return copies, as the kits' do: kit code that changes what it gets
// (`for (int& id : my_units(me()))`, `sort(city(k).begin(), city(k).end())`) compiles and
// changes only its copy.

#ifndef ARENA_GRID_STATE_HH
#define ARENA_GRID_STATE_HH

#include "arena/grid.hh"

namespace arena_sdk {
// Each game's arena_main.cc defines it: it fills the settings and the state from the views.
struct Runtime;

// The parameters every grid game has.
struct GridParams {
  int nb_players = 4;
  int rows = 0, cols = 0, nb_rounds = 0, initial_health = 0;
  int bonus_per_city_cell = 0, bonus_per_path_cell = 0, factor_connected_component = 0;
};

class GridSettings {
 public:
  // The game's name and version, as the kit prints them ("Pandemic 1.0").
  static string version() { return string(GAME_NAME) + " " + string(VERSION); }

  // Number of players (4).
  int nb_players() const { return arena_grid_.nb_players; }
  // Rows of the board.
  int rows() const { return arena_grid_.rows; }
  // Columns of the board.
  int cols() const { return arena_grid_.cols; }
  // Rounds of the match.
  int nb_rounds() const { return arena_grid_.nb_rounds; }
  // Health of a unit when it appears.
  int initial_health() const { return arena_grid_.initial_health; }
  // Points per round for each cell of an owned city.
  int bonus_per_city_cell() const { return arena_grid_.bonus_per_city_cell; }
  // Points per round for each cell of an owned path.
  int bonus_per_path_cell() const { return arena_grid_.bonus_per_path_cell; }
  // Factor of the 2^size points per connected component of owned cities and paths.
  int factor_connected_component() const { return arena_grid_.factor_connected_component; }

  // Whether pl is a valid player id.
  bool player_ok(int pl) const { return pl >= 0 && pl < nb_players(); }
  // Whether (i, j) is on the board.
  bool pos_ok(int i, int j) const { return i >= 0 && i < rows() && j >= 0 && j < cols(); }
  bool pos_ok(Pos p) const { return pos_ok(p.i, p.j); }

 private:
  friend struct Runtime;
  GridParams arena_grid_;
};

// The state of a grid game, as decoded from the views. CellT has `type`, `unit_id`, `city_id`
// and `path_id`; UnitT has `id`, `player` and `pos`.
template <class CellT, class UnitT>
struct GridData {
  int round = 0;
  vector<double> status;
  vector<long long> score;
  vector<CellT> cells;  // row-major
  vector<UnitT> units;  // by id
  vector<City> cities;
  vector<int> city_owner;
  vector<Path> paths;
  vector<int> path_owner;
  vector<vector<int>> units_of;  // ids of each player's units, ascending
};

// The state of the match as the bot sees it at the start of a round (the kits' State.hh, minus
// the names that differ between games). The SDK refreshes it before each play().
//
// As in the kits, a bad argument (an id or player out of range, a position off the board) is
// not fatal: the call prints the kit's warning on stderr ("warning: unit requested for
// identifier -1") and returns the kit's default value (Unit(), Cell(), an empty City or Path, -1).
template <class SettingsT, class CellT, class UnitT>
class GridState : public SettingsT {
 public:
  // The kit declares these two inside State: State::City and State::Path work as there.
  typedef ::City City;
  typedef ::Path Path;

  // Rounds played so far: 0 during the first round.
  int round() const { return arena_state_.round; }

  // Total score of player pl so far (saturated to the int range); -1 for a bad player.
  int total_score(int pl) const {
    if (!this->player_ok(pl)) {
      warn("total score requested for player %d", pl);
      return -1;
    }
    long long s = arena_state_.score[pl];
    return s > INT_MAX ? INT_MAX : s < INT_MIN ? INT_MIN : int(s);
  }

  // Share of its CPU budget player pl has used so far (0..1), or -1 once it is frozen; -2 for a
  // bad player.
  double status(int pl) const {
    if (!this->player_ok(pl)) {
      warn("status requested for player %d", pl);
      return -2;
    }
    return arena_state_.status[pl];
  }

  // The cell at row i, column j; Cell() (type CELL_TYPE_SIZE) off the board.
  CellT cell(int i, int j) const {
    if (!this->pos_ok(i, j)) {
      warn("cell requested for position (%d, %d)", i, j);
      return CellT();
    }
    return arena_state_.cells[size_t(i) * size_t(this->cols()) + size_t(j)];
  }
  CellT cell(Pos p) const { return cell(p.i, p.j); }

  // The unit with this id; Unit() (id -1) for a bad id.
  UnitT unit(int id) const {
    if (id < 0 || id >= int(arena_state_.units.size())) {
      warn("unit requested for identifier %d", id);
      return UnitT();
    }
    return arena_state_.units[id];
  }

  // Number of cities (ids 0 .. nb_cities() - 1).
  int nb_cities() const { return int(arena_state_.cities.size()); }

  // The cells of a city; empty for a bad id.
  City city(int id) const {
    if (id < 0 || id >= nb_cities()) {
      warn("city requested for identifier %d", id);
      return City();
    }
    return arena_state_.cities[id];
  }

  // The owner of a city, -1 if none (and for a bad id).
  int city_owner(int id) const {
    if (id < 0 || id >= nb_cities()) {
      warn("city owner requested for identifier %d", id);
      return -1;
    }
    return arena_state_.city_owner[id];
  }

  // Number of paths (ids 0 .. nb_paths() - 1).
  int nb_paths() const { return int(arena_state_.paths.size()); }

  // A path: (the ids of its two cities, its cells); Path() for a bad id.
  Path path(int id) const {
    if (id < 0 || id >= nb_paths()) {
      warn("path requested for identifier %d", id);
      return Path();
    }
    return arena_state_.paths[id];
  }

  // The owner of a path, -1 if none (and for a bad id).
  int path_owner(int id) const {
    if (id < 0 || id >= nb_paths()) {
      warn("path owner requested for identifier %d", id);
      return -1;
    }
    return arena_state_.path_owner[id];
  }

 protected:
  // For the games' own names: the number of units of all players, and one player's unit ids
  // (an empty list, with the kit's warning "<what> requested for player pl", for a bad player).
  int arena_unit_count() const { return int(arena_state_.units.size()); }
  vector<int> arena_units_of(int pl, const char* what) const {
    if (!this->player_ok(pl)) {
      warn("%s requested for player %d", what, pl);
      return vector<int>();
    }
    return arena_state_.units_of[pl];
  }

 private:
  friend struct Runtime;
  GridData<CellT, UnitT> arena_state_;
};

}  // namespace arena_sdk

#endif
