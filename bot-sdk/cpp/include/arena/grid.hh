// Arena's C++ SDK: the kits' types that every grid game shares (Pandemic, Ork Island):
// directions, positions, cities, paths and the move order, with the kits' names, constructors,
// default values and operators. Each game's Structs.hh includes it and adds its CellType, Cell
// and Unit.

#ifndef ARENA_GRID_HH
#define ARENA_GRID_HH

#include "Utils.hh"
#include "arena/abi.hh"

// A direction: BOTTOM is row + 1, RIGHT is column + 1, TOP is row - 1, LEFT is column - 1, NONE
// stays. DIR_SIZE is not a direction: the number of values, for loops (`for (int d = 0; d <
// DIR_SIZE; ++d)`), as in the kit. The codes 0..4 are those of the bot ABI.
enum Dir { BOTTOM, RIGHT, TOP, LEFT, NONE, DIR_SIZE };

// Whether dir is a direction (BOTTOM..NONE).
inline bool dir_ok(Dir dir) { return dir >= BOTTOM && dir <= NONE; }

// A position on the board: row i, column j. Pos() is (0, 0), as in the kit.
struct Pos {
  int i, j;

  Pos() : i(0), j(0) {}
  Pos(int i, int j) : i(i), j(j) {}

  friend ostream& operator<<(ostream& os, const Pos& p);
  friend bool operator==(const Pos& a, const Pos& b);
  friend bool operator!=(const Pos& a, const Pos& b);
  friend bool operator<(const Pos& a, const Pos& b);

  // Moves one cell in direction d (NONE and anything else: stays).
  Pos& operator+=(Dir d) {
    switch (d) {
      case BOTTOM: ++i; break;
      case RIGHT: ++j; break;
      case TOP: --i; break;
      case LEFT: --j; break;
      default: break;
    }
    return *this;
  }
  Pos operator+(Dir d) const {
    Pos p = *this;
    p += d;
    return p;
  }

  // Component-wise sum.
  Pos& operator+=(Pos p) {
    i += p.i;
    j += p.j;
    return *this;
  }
  Pos operator+(Pos p) const { return Pos(i + p.i, j + p.j); }
};

// Prints "(i, j)".
inline ostream& operator<<(ostream& os, const Pos& p) { return os << "(" << p.i << ", " << p.j << ")"; }
inline bool operator==(const Pos& a, const Pos& b) { return a.i == b.i && a.j == b.j; }
inline bool operator!=(const Pos& a, const Pos& b) { return !(a == b); }
// Row-major order: by row, then by column.
inline bool operator<(const Pos& a, const Pos& b) { return a.i != b.i ? a.i < b.i : a.j < b.j; }

// A city: its cells. (The kit declares it inside State as State::City; both names work here.)
typedef vector<Pos> City;

// A path: the ids of the two cities it joins, and its cells (not counting the cities' cells).
// p.first.first and p.first.second are the cities, p.second the cells.
typedef pair<pair<int, int>, vector<Pos>> Path;

// An order: move unit `id` in direction `dir`.
struct Command {
  int id;
  Dir dir;

  Command() : id(-1), dir(NONE) {}
  Command(int id, Dir dir) : id(id), dir(dir) {}
};

namespace arena_sdk {
// Queues the ABI's 8-byte order record: i32 unit id, i32 direction, little-endian (as wasm32 is).
inline void give_unit_order(int id, Dir dir) {
  int32_t record[2] = {int32_t(id), int32_t(dir)};
  give_order(record, sizeof record);
}
}  // namespace arena_sdk

#endif
