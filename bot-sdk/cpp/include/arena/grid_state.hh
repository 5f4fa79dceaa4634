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

// The state of a grid game. What the setup view gives (the cells' types, cities and paths) is
// decoded once; each round's view is read in place, in the host's buffer, as fields are asked
// for (docs/bot-abi.md, "Round view"): a cell is its setup part plus what the round view says
// now, a unit is decoded from its record when asked, and the unit on each cell and each
// player's unit ids are indexes built on first use in a round, only if the player asks.
//
// CellT has `type`, `unit_id`, `city_id` and `path_id`; UnitT has `id`, `player` and `pos`.
// ViewT says what else the game's round view has: `static const size_t unit_size`,
// `static UnitT unit(const uint8_t* record, int id)` (a record starts with i32 player, i, j),
// and `static void cell(CellT& c, const uint8_t* parts, size_t cells, size_t k)`, which
// completes cell k from the round view's per-cell parts (read in place on every call).
template <class CellT, class UnitT>
struct GridData {
  int round = 0;
  vector<double> status;
  vector<long long> score;
  // Row-major: the setup's part (type, city and path ids), and unit_id, which the first cell()
  // of a round brings up to date (`units_placed`).
  mutable vector<CellT> cells;
  vector<City> cities;
  vector<int> city_owner;
  vector<Path> paths;
  vector<int> path_owner;

  // This round's view, in the host's buffer (valid during play()).
  const uint8_t* parts = nullptr;  // the per-cell parts, if any (zeros before the first round)
  const uint8_t* units = nullptr;  // the first unit record
  size_t nb_units = 0;
  int cols = 0;
  int nb_players = 0;

  // Built on first use in a round.
  mutable bool units_placed = true;  // cells[].unit_id are this round's
  mutable vector<int> marked;        // the cells whose unit_id is set
  mutable bool units_listed = true;  // units_of is this round's
  mutable vector<vector<int>> units_of;  // ids of each player's units, ascending

  const uint8_t* record(int id, size_t size) const { return units + size_t(id) * size; }

  // A new round's units: the indexes built from the last ones are stale.
  void new_units(const uint8_t* first, size_t n) {
    units = first;
    nb_units = n;
    units_placed = false;
    units_listed = false;
  }

  // Puts this round's units on their cells (and takes last round's off).
  void place_units(size_t size) const {
    for (int c : marked) cells[size_t(c)].unit_id = -1;
    marked.clear();
    int rows = int(cells.size()) / (cols > 0 ? cols : 1);
    for (size_t id = 0; id < nb_units; ++id) {
      const uint8_t* r = record(int(id), size);
      int i = view_i32(r + 4), j = view_i32(r + 8);
      if (i < 0 || i >= rows || j < 0 || j >= cols) fail("unit %d at (%d, %d), off the board, in the view", int(id), i, j);
      int c = i * cols + j;
      cells[size_t(c)].unit_id = int(id);
      marked.push_back(c);
    }
    units_placed = true;
  }

  // The ids of player pl's units, ascending.
  const vector<int>& units_of_player(int pl, size_t size) const {
    if (!units_listed) {
      units_of.resize(size_t(nb_players));
      for (vector<int>& ids : units_of) ids.clear();
      for (size_t id = 0; id < nb_units; ++id) {
        int owner = view_i32(record(int(id), size));
        if (owner < 0 || owner >= nb_players) fail("unit %d of player %d in the view", int(id), owner);
        units_of[size_t(owner)].push_back(int(id));
      }
      units_listed = true;
    }
    return units_of[size_t(pl)];
  }
};

// The state of the match as the bot sees it at the start of a round (the kits' State.hh, minus
// the names that differ between games). The SDK points it at each round's view before play().
//
// As in the kits, a bad argument (an id or player out of range, a position off the board) is
// not fatal: the call prints the kit's warning on stderr ("warning: unit requested for
// identifier -1") and returns the kit's default value (Unit(), Cell(), an empty City or Path, -1).
template <class SettingsT, class CellT, class UnitT, class ViewT>
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
    const GridData<CellT, UnitT>& st = arena_state_;
    if (__builtin_expect(!st.units_placed, 0)) st.place_units(ViewT::unit_size);
    size_t k = size_t(i) * size_t(this->cols()) + size_t(j);
    CellT c = st.cells[k];
    ViewT::cell(c, st.parts, st.cells.size(), k);
    return c;
  }
  CellT cell(Pos p) const { return cell(p.i, p.j); }

  // The unit with this id; Unit() (id -1) for a bad id.
  UnitT unit(int id) const {
    if (id < 0 || size_t(id) >= arena_state_.nb_units) {
      warn("unit requested for identifier %d", id);
      return UnitT();
    }
    return ViewT::unit(arena_state_.record(id, ViewT::unit_size), id);
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
  int arena_unit_count() const { return int(arena_state_.nb_units); }
  vector<int> arena_units_of(int pl, const char* what) const {
    if (!this->player_ok(pl)) {
      warn("%s requested for player %d", what, pl);
      return vector<int>();
    }
    return arena_state_.units_of_player(pl, ViewT::unit_size);
  }

 private:
  friend struct Runtime;
  GridData<CellT, UnitT> arena_state_;
};

}  // namespace arena_sdk

#endif
