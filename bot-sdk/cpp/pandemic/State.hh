// Arena's C++ SDK for Pandemic: the state of the match as the bot sees it at the start of a
// round (the kit's State.hh). The SDK refreshes it from the host's round view before each play().
//
// The accessors return const references where the kit returns copies: `Cell c = cell(p);` and
// `const Cell& c = cell(p);` both work, and nothing is copied unless the player copies it.
// An id or position out of range stops the bot with a message naming the call.

#ifndef ARENA_PANDEMIC_STATE_HH
#define ARENA_PANDEMIC_STATE_HH

#include "Settings.hh"
#include "arena/abi.hh"

namespace arena_sdk {
struct PandemicState {
  int round = 0;
  vector<double> status;
  vector<long long> score;
  vector<Cell> cells;  // row-major
  vector<Unit> units;  // by id
  vector<City> cities;
  vector<int> city_owner;
  vector<Path> paths;
  vector<int> path_owner;
  vector<vector<int>> units_of;  // ids of each player's units, ascending
};
}  // namespace arena_sdk

class State : public Settings {
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
  const Cell& cell(int i, int j) const {
    if (!pos_ok(i, j)) arena_sdk::fail("cell(%d, %d): not on the %dx%d board", i, j, rows(), cols());
    return arena_state_.cells[size_t(i) * size_t(cols()) + size_t(j)];
  }
  const Cell& cell(Pos p) const { return cell(p.i, p.j); }

  // Number of units of all players (ids 0 .. total_units() - 1).
  int total_units() const { return int(arena_state_.units.size()); }

  // The unit with this id.
  const Unit& unit(int id) const {
    if (id < 0 || id >= total_units()) arena_sdk::fail("unit(%d): no such unit (0..%d)", id, total_units() - 1);
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

  // The ids of player pl's units, ascending.
  const vector<int>& my_units(int pl) const {
    arena_check_player(pl, "my_units");
    return arena_state_.units_of[pl];
  }

 private:
  friend struct arena_sdk::Runtime;
  arena_sdk::PandemicState arena_state_;

  void arena_check_player(int pl, const char* what) const {
    if (!player_ok(pl)) arena_sdk::fail("%s(%d): no such player (0..%d)", what, pl, nb_players() - 1);
  }
  static void arena_check_id(int id, int n, const char* what) {
    if (id < 0 || id >= n) arena_sdk::fail("%s(%d): no such id (0..%d)", what, id, n - 1);
  }
};

#endif
