// Arena's C++ SDK for Mad Max: the kit's basic types (Structs.hh, Mad_Max 1.6), with the kit's
// names, constructors, default values, operators and helpers. The codes are those of the bot
// ABI (docs/bot-abi.md): the enums' values in the kit's order.
//
// As in the kit, Dir, CellType and UnitType have no operator<<: `cerr << d` prints the number.

#ifndef ARENA_MAD_MAX_STRUCTS_HH
#define ARENA_MAD_MAX_STRUCTS_HH

#include "Utils.hh"
#include "arena/abi.hh"

// The eight directions, counter-clockwise from Bottom (row + 1): BR is row + 1 and column + 1,
// RT row - 1 and column + 1, and so on; the opposite of d is (d + 4) % 8. None stays. DirSize
// is not a direction: the number of values, for loops, as in the kit.
enum Dir { Bottom, BR, Right, RT, Top, TL, Left, LB, None, DirSize };

// Whether dir is a direction (Bottom..None: None is one).
inline bool dir_ok(Dir dir) { return dir >= Bottom && dir <= None; }

// A position on the board: row i, column j. Pos() is (0, 0).
struct Pos {
  int i, j;

  Pos() : i(0), j(0) {}
  Pos(int i, int j) : i(i), j(j) {}

  friend ostream& operator<<(ostream& os, const Pos& p);
  friend bool operator==(const Pos& a, const Pos& b);
  friend bool operator!=(const Pos& a, const Pos& b);
  friend bool operator<(const Pos& a, const Pos& b);

  // Moves one cell in direction d (None and anything that is not a direction: stays).
  Pos& operator+=(Dir d) {
    static const int di[8] = {1, 1, 0, -1, -1, -1, 0, 1};
    static const int dj[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    if (d >= Bottom && d <= LB) {
      i += di[d];
      j += dj[d];
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

// What a cell is. Cars drive on Desert and Road, warriors walk on Desert, Road and City.
// CellTypeSize is not a type: the number of values.
enum CellType { Desert, Road, City, Water, Station, Wall, CellTypeSize };

// A cell: its type, the owner of its city (City cells; -1 on any other cell) and the unit on
// it (-1 if none).
struct Cell {
  CellType type;
  int owner;
  int id;

  // (Desert, -1, -1), as in the kit: so is a cell asked for off the board.
  Cell() : type(Desert), owner(-1), id(-1) {}
  Cell(CellType t, int ow, int id) : type(t), owner(ow), id(id) {}
};

// The two kinds of units. UnitTypeSize is not a type: the number of values.
enum UnitType { Warrior, Car, UnitTypeSize };

// Whether u is Warrior or Car.
inline bool ut_ok(UnitType u) { return u == Warrior || u == Car; }

// The kit's one-letter codes: 'w' for Warrior, 'c' for Car. Anything else stops the bot, as the
// kit's _unreachable() does.
inline char ut2char(UnitType u) {
  if (u == Warrior) return 'w';
  if (u == Car) return 'c';
  _unreachable();
  return '?';
}
inline UnitType char2ut(char c) {
  if (c == 'w') return Warrior;
  if (c == 'c') return Car;
  _unreachable();
  return UnitTypeSize;
}

// A unit. food is a warrior's food and a car's fuel; water is a warrior's water (0 for a car).
// A unit keeps its id for the whole match, also when it is captured by another player.
struct Unit {
  UnitType type;
  int id;
  int player;
  int food;
  int water;
  Pos pos;

  // (Warrior, -1, -1, 0, 0, (0, 0)), as in the kit.
  Unit() : type(Warrior), id(-1), player(-1), food(0), water(0), pos(0, 0) {}
  Unit(UnitType t, int id, int pl, int f, int w, Pos p = Pos(0, 0))
      : type(t), id(id), player(pl), food(f), water(w), pos(p) {}
};

#endif
