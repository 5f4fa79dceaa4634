// Arena's C++ SDK for Mad Max: the state of the match as the bot sees it at the start of a
// round (the kit's State.hh, and the static Info::char2cell). The SDK refreshes it from the
// host's round view before each play().
//
// As in the kit, the accessors return copies, and a bad argument is not fatal: the call prints
// the kit's warning on stderr ("warning: unit requested for identifier -1") and returns the
// kit's default value (Cell(), Unit(), an empty list, -1, or -2 for status); can_move of an
// unknown unit is false, silently as in the kit.

#ifndef ARENA_MAD_MAX_STATE_HH
#define ARENA_MAD_MAX_STATE_HH

#include "Settings.hh"

namespace arena_sdk {
struct MadMaxData {
  int round = 0;
  vector<double> status;
  vector<long long> score;
  vector<int> num_cities;               // per player: the cities it owns
  vector<Cell> cells;                   // row-major
  vector<vector<size_t>> city_cells;    // per city: its cells' row-major indices
  vector<int> city_owner;               // per city: the owner its cells hold
  vector<Unit> units;                   // by id
  vector<vector<int>> warriors, cars;   // per player, ascending ids
};
}  // namespace arena_sdk

class State : public Settings {
 public:
  // The round being played: 0 in the first round, nb_rounds() - 1 in the last. Player pl moves
  // its units in the rounds r with r % 4 == pl.
  int round() const { return s_.round; }

  // The cell at p; off the board, Cell() (Desert, no owner, no unit), as the kit.
  Cell cell(Pos p) const {
    if (!pos_ok(p)) {
      arena_sdk::warn("cell requested for position (%d, %d)", p.i, p.j);
      return Cell();
    }
    return s_.cells[size_t(p.i) * size_t(cols()) + size_t(p.j)];
  }
  Cell cell(int i, int j) const { return cell(Pos(i, j)); }

  // Number of units in the match (ids 0 .. nb_units() - 1). It never changes: a captured unit
  // changes player and keeps its id.
  int nb_units() const { return int(s_.units.size()); }

  // The unit with this id; Unit() for a bad id.
  Unit unit(int id) const {
    if (id < 0 || id >= nb_units()) {
      arena_sdk::warn("unit requested for identifier %d", id);
      return Unit();
    }
    return s_.units[size_t(id)];
  }

  // Number of cities player pl owns now; -1 for a bad player (the kit's warning speaks of the
  // score).
  int num_cities(int pl) const {
    if (!player_ok(pl)) {
      arena_sdk::warn("score requested for player %d", pl);
      return -1;
    }
    return s_.num_cities[size_t(pl)];
  }

  // Player pl's score so far (saturated to the int range); -1 for a bad player.
  int total_score(int pl) const {
    if (!player_ok(pl)) {
      arena_sdk::warn("total score requested for player %d", pl);
      return -1;
    }
    long long s = s_.score[size_t(pl)];
    return s > INT_MAX ? INT_MAX : s < INT_MIN ? INT_MIN : int(s);
  }

  // Share of its CPU budget player pl has used so far (0..1), -1 once frozen; -2 for a bad
  // player.
  double status(int pl) const {
    if (!player_ok(pl)) {
      arena_sdk::warn("status requested for player %d", pl);
      return -2;
    }
    return s_.status[size_t(pl)];
  }

  // The ids of player pl's warriors, ascending; empty for a bad player.
  vector<int> warriors(int pl) const {
    if (!player_ok(pl)) {
      arena_sdk::warn("warriors requested for player %d", pl);
      return vector<int>();
    }
    return s_.warriors[size_t(pl)];
  }

  // The ids of player pl's cars, ascending; empty for a bad player.
  vector<int> cars(int pl) const {
    if (!player_ok(pl)) {
      arena_sdk::warn("cars requested for player %d", pl);
      return vector<int>();
    }
    return s_.cars[size_t(pl)];
  }

  // Whether unit id may move this round: every unit of the player whose turn it is (round() %
  // 4), and a car with fuel on a Road cell in any round. False for a bad id.
  bool can_move(int id) const {
    if (id < 0 || id >= nb_units()) return false;
    const Unit& u = s_.units[size_t(id)];
    if (u.player == round() % 4) return true;
    if (u.type == Warrior) return false;
    return u.food > 0 && cell(u.pos).type == Road;
  }

  // The kit's Info::char2cell: a cell of a board file: '.' Desert, 'R' Road, 'W' Water, 'S'
  // Station, 'X' Wall, '0'..'3' a City cell of that player; any other character stops the bot,
  // as in the kit.
  static Cell char2cell(char c) {
    Cell cell;
    switch (c) {
      case '.': break;
      case 'R': cell.type = Road; break;
      case 'W': cell.type = Water; break;
      case 'S': cell.type = Station; break;
      case 'X': cell.type = Wall; break;
      case '0': case '1': case '2': case '3':
        cell.type = City;
        cell.owner = c - '0';
        break;
      default: _my_assert(false, string(1, c) + " in grid definition.");
    }
    return cell;
  }

  // The kit's Info::update_vectors_by_player: makes warriors(pl) and cars(pl) the ids of pl's
  // units of each type, ascending. The SDK keeps them so already; calling it changes nothing.
  void update_vectors_by_player() {
    for (auto& l : s_.warriors) l.clear();
    for (auto& l : s_.cars) l.clear();
    for (const Unit& u : s_.units) {
      _my_assert(ut_ok(u.type), "Wrong unit type on vectors update.");
      (u.type == Warrior ? s_.warriors : s_.cars)[size_t(u.player)].push_back(u.id);
    }
  }

 private:
  friend struct arena_sdk::Runtime;
  arena_sdk::MadMaxData s_;
};

#endif
