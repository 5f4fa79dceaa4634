// Arena's C++ SDK for The Purge: the state of the match as the bot sees it at the start of a
// round (the kit's State.hh). The SDK refreshes it from the host's round view before each
// play().
//
// As in the kit, the accessors return copies, and a bad argument is not fatal: the call returns
// the kit's default value (Cell(), Citizen(), an empty list, -1, or -2 for status), with the
// 2020 kit's warning on stderr ("warning: citizen requested for identifier 7"; the 2024 kit
// only silenced them).

#ifndef ARENA_PURGE_STATE_HH
#define ARENA_PURGE_STATE_HH

#include "Settings.hh"

namespace arena_sdk {
struct PurgeData {
  int round = 0;
  vector<double> status;
  vector<long long> score;
  vector<Cell> cells;         // row-major
  vector<Citizen> citizens;   // by id; id -1 for the dead
  vector<vector<int>> builders, warriors;
  vector<vector<Pos>> barricades;
};
}  // namespace arena_sdk

class State : public Settings {
 public:
  // The round being played: 0 in the first round, num_rounds() - 1 in the last.
  int round() const { return s_.round; }
  // Whether the round being played is daylight, or night.
  bool is_day() const { return is_round_day(s_.round); }
  bool is_night() const { return !is_day(); }

  // The cell at row i, column j; off the board, Cell() (a street cell with nothing), as the kit.
  Cell cell(int i, int j) const {
    if (!pos_ok(i, j)) {
      arena_sdk::warn("cell requested for position (%d, %d)", i, j);
      return Cell();
    }
    return s_.cells[size_t(i) * size_t(board_cols()) + size_t(j)];
  }
  Cell cell(Pos p) const { return cell(p.i, p.j); }

  // The citizen with this id, on the board now; Citizen() for the ids of the dead and unknown
  // ids.
  Citizen citizen(int id) const {
    if (id < 0 || id >= int(s_.citizens.size()) || s_.citizens[size_t(id)].id != id) {
      arena_sdk::warn("citizen requested for identifier %d", id);
      return Citizen();
    }
    return s_.citizens[size_t(id)];
  }

  // The ids of player pl's builders, ascending.
  vector<int> builders(int pl) const {
    if (!player_ok(pl)) {
      arena_sdk::warn("builders requested for player %d", pl);
      return vector<int>();
    }
    return s_.builders[size_t(pl)];
  }

  // The ids of player pl's warriors, ascending.
  vector<int> warriors(int pl) const {
    if (!player_ok(pl)) {
      arena_sdk::warn("warriors requested for player %d", pl);
      return vector<int>();
    }
    return s_.warriors[size_t(pl)];
  }

  // The positions of player pl's barricades, row-major.
  vector<Pos> barricades(int pl) const {
    if (!player_ok(pl)) {
      arena_sdk::warn("barricades requested for player %d", pl);
      return vector<Pos>();
    }
    return s_.barricades[size_t(pl)];
  }

  // Player pl's score (saturated to the int range); -1 for a bad player, silently as the kit.
  int score(int pl) const {
    if (!player_ok(pl)) return -1;
    long long s = s_.score[size_t(pl)];
    return s > INT_MAX ? INT_MAX : s < INT_MIN ? INT_MIN : int(s);
  }

  // Share of its CPU budget player pl has used so far (0..1), -1 once frozen; -2 for a bad
  // player, silently as the kit.
  double status(int pl) const {
    if (!player_ok(pl)) return -2;
    return s_.status[size_t(pl)];
  }

  // The kit's Info::char2Cell: a cell of a board file ('.', 'B', 'G', 'Z', 'M', 'F', and the
  // citizen letters 'C', 'c', 'W', 'w', 'b' as street); any other character stops the bot, as
  // in the kit.
  static Cell char2Cell(char c) {
    Cell cell;
    switch (c) {
      case '.': break;
      case 'B': cell.type = Building; break;
      case 'G': cell.weapon = Gun; break;
      case 'Z': cell.weapon = Bazooka; break;
      case 'M': cell.bonus = Money; break;
      case 'F': cell.bonus = Food; break;
      case 'C': case 'c': case 'W': case 'w': case 'b': break;
      default: _my_assert(false, string(1, c) + " in grid definition.");
    }
    return cell;
  }

 private:
  friend struct arena_sdk::Runtime;
  arena_sdk::PurgeData s_;
};

#endif
