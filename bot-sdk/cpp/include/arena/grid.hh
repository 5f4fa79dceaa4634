// Arena's C++ SDK: the kits' types that every grid game shares (Pandemic, Ork Island):
// directions, positions, cities, paths and the move order. Each game's Structs.hh includes it.

#ifndef ARENA_GRID_HH
#define ARENA_GRID_HH

#include "Utils.hh"
#include "arena/abi.hh"

// A direction: BOTTOM is row + 1, RIGHT is column + 1, TOP is row - 1, LEFT is column - 1, NONE
// stays. The codes 0..4 are those of the bot ABI.
enum Dir { BOTTOM, RIGHT, TOP, LEFT, NONE };

// A position on the board: row i, column j.
struct Pos {
  int i, j;

  Pos() : i(-1), j(-1) {}
  Pos(int i, int j) : i(i), j(j) {}

  // Moves one cell in direction d (NONE: stays).
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

inline bool operator==(const Pos& a, const Pos& b) { return a.i == b.i && a.j == b.j; }
inline bool operator!=(const Pos& a, const Pos& b) { return !(a == b); }
// Row-major order: by row, then by column.
inline bool operator<(const Pos& a, const Pos& b) { return a.i != b.i ? a.i < b.i : a.j < b.j; }

// Prints "(i, j)".
inline ostream& operator<<(ostream& os, const Pos& p) { return os << "(" << p.i << ", " << p.j << ")"; }

// A city: its cells.
typedef vector<Pos> City;

// A path: the ids of the two cities it joins, and its cells (not counting the cities' cells).
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
