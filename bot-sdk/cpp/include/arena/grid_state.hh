// Arena's C++ SDK: the settings and state accessors that every grid game's kit shares (Pandemic,
// Ork Island). Each game's Settings derives from GridSettings and its State from GridState,
// adding the game's own names (Pandemic's my_units(), Ork Island's orks(), ...).
//
// The accessors return const references where the kits return copies: `Cell c = cell(p);` and
// `const Cell& c = cell(p);` both work, and nothing is copied unless the player copies it.
// An id or position out of range stops the bot with a message naming the call.

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
template <class SettingsT, class CellT, class UnitT>
class GridState : public SettingsT {
 public:
  // Rounds played so far: 0 during the first round.
  int round() const { return arena_state_.round; }

  // Total score of player pl so far (saturated to the int range).
  int total_score(int pl) const {
    arena_check_player(pl, "total_score");
    long long s = arena_state_.score[pl];
    return s > INT_MAX ? INT_MAX : s < INT_MIN ? INT_MIN : int(s);
  }

  // Share of its CPU budget player pl has used so far (0..1), or -1 once it is frozen.
  double status(int pl) const {
    arena_check_player(pl, "status");
    return arena_state_.status[pl];
  }

  // The cell at row i, column j.
  const CellT& cell(int i, int j) const {
    if (!this->pos_ok(i, j)) fail("cell(%d, %d): not on the %dx%d board", i, j, this->rows(), this->cols());
    return arena_state_.cells[size_t(i) * size_t(this->cols()) + size_t(j)];
  }
  const CellT& cell(Pos p) const { return cell(p.i, p.j); }

  // The unit with this id.
  const UnitT& unit(int id) const {
    int n = int(arena_state_.units.size());
    if (id < 0 || id >= n) fail("unit(%d): no such unit (0..%d)", id, n - 1);
    return arena_state_.units[id];
  }

  // Number of cities (ids 0 .. nb_cities() - 1).
  int nb_cities() const { return int(arena_state_.cities.size()); }

  // The cells of a city.
  const City& city(int id) const {
    arena_check_id(id, nb_cities(), "city");
    return arena_state_.cities[id];
  }

  // The owner of a city, -1 if none.
  int city_owner(int id) const {
    arena_check_id(id, nb_cities(), "city_owner");
    return arena_state_.city_owner[id];
  }

  // Number of paths (ids 0 .. nb_paths() - 1).
  int nb_paths() const { return int(arena_state_.paths.size()); }

  // A path: (the ids of its two cities, its cells).
  const Path& path(int id) const {
    arena_check_id(id, nb_paths(), "path");
    return arena_state_.paths[id];
  }

  // The owner of a path, -1 if none.
  int path_owner(int id) const {
    arena_check_id(id, nb_paths(), "path_owner");
    return arena_state_.path_owner[id];
  }

 protected:
  // For the games' own names: the number of units of all players, and one player's unit ids.
  int arena_unit_count() const { return int(arena_state_.units.size()); }
  const vector<int>& arena_units_of(int pl, const char* what) const {
    arena_check_player(pl, what);
    return arena_state_.units_of[pl];
  }

 private:
  friend struct Runtime;
  GridData<CellT, UnitT> arena_state_;

  void arena_check_player(int pl, const char* what) const {
    if (!this->player_ok(pl)) fail("%s(%d): no such player (0..%d)", what, pl, this->nb_players() - 1);
  }
  static void arena_check_id(int id, int n, const char* what) {
    if (id < 0 || id >= n) fail("%s(%d): no such id (0..%d)", what, id, n - 1);
  }
};

}  // namespace arena_sdk

#endif
