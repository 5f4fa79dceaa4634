// Arena's C++ SDK for Pandemic: the kit's basic types (Structs.hh).

#ifndef ARENA_PANDEMIC_STRUCTS_HH
#define ARENA_PANDEMIC_STRUCTS_HH

#include "Utils.hh"

// The type of a cell. The codes are those of the bot ABI (docs/bot-abi.md).
enum CellType { WALL, GRASS, CITY, PATH };

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

// What a cell holds. The ids are -1 when there is none.
struct Cell {
  CellType type;  // WALL, GRASS, CITY or PATH
  int unit_id;    // the unit on the cell
  int city_id;    // the city the cell belongs to
  int path_id;    // the path the cell belongs to
  int virus;      // virus level
  bool mask;      // a mask lies on the cell

  Cell() : type(WALL), unit_id(-1), city_id(-1), path_id(-1), virus(0), mask(false) {}
  Cell(CellType type, int unit_id, int city_id, int path_id, int virus, bool mask)
      : type(type), unit_id(unit_id), city_id(city_id), path_id(path_id), virus(virus), mask(mask) {}
};

// A unit. It is infected when damage > 0; turns counts its rounds infected.
struct Unit {
  int id;      // its id: 0 .. total_units() - 1
  int player;  // its owner
  Pos pos;     // where it is
  int health;  // its health
  int damage;  // health it loses per round while infected (0: not infected)
  int turns;   // rounds it has been infected
  bool immune; // it healed and cannot be infected again
  bool mask;   // it wears a mask

  Unit() : id(-1), player(-1), pos(), health(0), damage(0), turns(0), immune(false), mask(false) {}
  Unit(int id, int player, Pos pos, int health, int damage, int turns, bool immune, bool mask)
      : id(id), player(player), pos(pos), health(health), damage(damage), turns(turns), immune(immune), mask(mask) {}
};

// A city: its cells.
typedef vector<Pos> City;

// A path: the ids of the two cities it joins, and its cells (not counting the cities' cells).
typedef pair<pair<int, int>, vector<Pos>> Path;

#endif
