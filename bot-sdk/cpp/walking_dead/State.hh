// Arena's C++ SDK for The Walking Dead: the state of the match as the bot sees it at the start
// of a round (the kit's State.hh). The SDK refreshes it from the host's round view before each
// play(), in time proportional to the units and food, not to the board: the cells' owners are
// read in place from the view when a cell is asked for, and only the cells that held a unit or
// food last round are reset (docs/bot-abi.md, "Views read in place").
//
// As in the kit, the accessors return copies, and a bad argument is not fatal: the call prints
// the kit's warning on stderr ("warning: unit requested for identifier -1") and returns the
// kit's default value (Cell(), Unit(), an empty list, -1, or -2 for status).

#ifndef ARENA_WALKING_DEAD_STATE_HH
#define ARENA_WALKING_DEAD_STATE_HH

#include "Settings.hh"

namespace arena_sdk {
struct WalkingDeadData {
  int round = 0;
  vector<double> status;
  vector<long long> score;
  vector<int> strength;
  // Row-major: type, unit id and food (the owner is read from `owners` by State::cell).
  vector<Cell> cells;
  const uint8_t* owners = nullptr;  // this round's owner + 1 per cell, in the host's view
  vector<uint8_t> no_owners;        // what `owners` points at before the first round: zeros
  vector<size_t> marked;            // the cells whose id or food this round's view set
  vector<Unit> units;               // by id
  vector<vector<int>> alive, dead;
  vector<int> zombies;
};
}  // namespace arena_sdk

class State : public Settings {
 public:
  // The kit's round number: rounds played before this one, 0 in the first round (kit players
  // set themselves up at round() == 0). The statement, the viewer and the replays number the
  // rounds from 1: round() + 1.
  int round() const { return s_.round; }

  // The cell at row i, column j; off the board, Cell() (a street cell with nothing), as the kit.
  Cell cell(int i, int j) const {
    if (!pos_ok(i, j)) {
      arena_sdk::warn("cell requested for position (%d, %d)", i, j);
      return Cell();
    }
    size_t k = size_t(i) * size_t(board_cols()) + size_t(j);
    Cell c = s_.cells[k];
    c.owner = int(s_.owners[k]) - 1;
    return c;
  }
  Cell cell(Pos p) const { return cell(p.i, p.j); }

  // The unit with this id; Unit() for a bad id.
  Unit unit(int id) const {
    if (id < 0 || id >= int(s_.units.size())) {
      arena_sdk::warn("unit requested for identifier %d", id);
      return Unit();
    }
    return s_.units[size_t(id)];
  }

  // The ids of player pl's alive units, ascending.
  vector<int> alive_units(int pl) const {
    if (!player_ok(pl)) {
      arena_sdk::warn("alive units requested for player %d", pl);
      return vector<int>();
    }
    return s_.alive[size_t(pl)];
  }

  // The ids of player pl's dead units (turning into zombies), ascending.
  vector<int> dead_units(int pl) const {
    if (!player_ok(pl)) {
      arena_sdk::warn("dead units requested for player %d", pl);
      return vector<int>();
    }
    return s_.dead[size_t(pl)];
  }

  // The ids of the zombies, ascending.
  vector<int> zombies() const { return s_.zombies; }

  // Player pl's strength: its strength points divided by its alive units (0 with none); -1 for
  // a bad player.
  int strength(int pl) const {
    if (!player_ok(pl)) {
      arena_sdk::warn("strength requested for player %d", pl);
      return -1;
    }
    return s_.strength[size_t(pl)];
  }

  // Player pl's score (saturated to the int range); -1 for a bad player.
  int score(int pl) const {
    if (!player_ok(pl)) {
      arena_sdk::warn("score requested for player %d", pl);
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

  // The kit's Info::char2Cell: a cell of a board file ('.', 'W', '0'..'3'); any other character
  // stops the bot, as in the kit.
  static Cell char2Cell(char c) {
    Cell cell;
    switch (c) {
      case '.': break;
      case 'W': cell.type = Waste; break;
      case '0': case '1': case '2': case '3': cell.owner = c - '0'; break;
      default: _my_assert(false, string(1, c) + " in grid definition.");
    }
    return cell;
  }

 private:
  friend struct arena_sdk::Runtime;
  arena_sdk::WalkingDeadData s_;
};

#endif
