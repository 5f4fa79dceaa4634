// Arena's C++ SDK for The Walking Dead: the kit's basic types (Structs.hh), with the kit's names,
// constructors, default values, operators and conversions. The codes are those of the bot ABI
// (docs/bot-abi.md).

#ifndef ARENA_WALKING_DEAD_STRUCTS_HH
#define ARENA_WALKING_DEAD_STRUCTS_HH

#include "Utils.hh"
#include "arena/abi.hh"

// The eight directions, counter-clockwise from Down (row + 1). Alive units move only Down,
// Right, Up and Left; zombies move in all eight.
enum Dir { Down, DR, Right, RU, Up, UL, Left, LD };

inline ostream& operator<<(ostream& out, Dir d) {
  switch (d) {
    case Down: out << "Down"; break;
    case DR: out << "DR"; break;
    case Right: out << "Right"; break;
    case RU: out << "RU"; break;
    case Up: out << "Up"; break;
    case UL: out << "UL"; break;
    case Left: out << "Left"; break;
    case LD: out << "LD"; break;
    default: out << int(d); break;
  }
  return out;
}

// A position on the board: row i, column j. Pos() is (0, 0).
struct Pos {
  int i, j;

  Pos() : i(0), j(0) {}
  Pos(int i, int j) : i(i), j(j) {}

  friend ostream& operator<<(ostream& os, const Pos& p);
  friend bool operator==(const Pos& a, const Pos& b);
  friend bool operator!=(const Pos& a, const Pos& b);
  friend bool operator<(const Pos& a, const Pos& b);

  // Moves one cell in direction d (anything that is not a direction: stays).
  Pos& operator+=(Dir d) {
    switch (d) {
      case Down: ++i; break;
      case DR: ++i; ++j; break;
      case Right: ++j; break;
      case RU: --i; ++j; break;
      case Up: --i; break;
      case UL: --i; --j; break;
      case Left: --j; break;
      case LD: ++i; --j; break;
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

enum CellType { Street, Waste };

inline ostream& operator<<(ostream& out, CellType c) {
  switch (c) {
    case Street: out << "Street"; break;
    case Waste: out << "Waste"; break;
    default: out << int(c); break;
  }
  return out;
}

// What a cell holds: its type, its owner (-1 none), the unit on it (-1 none), whether it has
// food.
struct Cell {
  CellType type;
  int owner;
  int id;
  bool food;

  // (Street, -1, -1, false), as in the kit: so is a cell asked for off the board.
  Cell() : type(Street), owner(-1), id(-1), food(false) {}
  // As in the kit, this constructor leaves food false whatever f is.
  Cell(CellType t, int o, int i, bool f) : type(t), owner(o), id(i), food(false) { (void)f; }

  // A street cell with no unit and no food.
  bool is_empty() const { return type == Street && id == -1 && !food; }
};

enum UnitType { Alive, Dead, Zombie };

inline ostream& operator<<(ostream& out, UnitType c) {
  switch (c) {
    case Alive: out << "Alive"; break;
    case Dead: out << "Dead"; break;
    case Zombie: out << "Zombie"; break;
    default: out << int(c); break;
  }
  return out;
}

// A unit: alive, dead or zombie. player is -1 for zombies; rounds_for_zombie is -1 when the
// unit is not turning into a zombie.
struct Unit {
  UnitType type;
  int id;
  int player;
  Pos pos;
  int rounds_for_zombie;

  // (Alive, -1, -1, (0, 0), -1), as in the kit.
  Unit() : type(Alive), id(-1), player(-1), pos(0, 0), rounds_for_zombie(-1) {}
  Unit(UnitType t, int i, int pl, Pos p, int r) : type(t), id(i), player(pl), pos(p), rounds_for_zombie(r) {}
};

// The only command type.
enum CommandType { Move };

inline ostream& operator<<(ostream& out, CommandType c) {
  switch (c) {
    case Move: out << "Move"; break;
    default: out << int(c); break;
  }
  return out;
}

// Whether dir is one of the eight directions.
inline bool dir_ok(Dir dir) { return dir >= Down && dir <= LD; }

// Whether c_type is a command type.
inline bool command_type_ok(CommandType c_type) { return c_type == Move; }

// The kit's one-character codes (its game files): 'm' for Move, '_' otherwise.
inline char CommandType2char(int t) { return t == Move ? 'm' : '_'; }
inline int char2CommandType(char c) { return c == 'm' ? int(Move) : -1; }

// Directions as keyboard letters: d, c, r, e, u, q, l, z ('_' for anything else).
inline char Dir2char(int d) {
  static const char letters[] = "dcrequlz";
  return d >= Down && d <= LD ? letters[d] : '_';
}
inline int char2Dir(char c) {
  static const char letters[] = "dcrequlz";
  for (int d = Down; d <= LD; ++d)
    if (letters[d] == c) return d;
  return -1;
}

// Unit types as 'a', 'd', 'z' ('_' for anything else).
inline char UnitType2char(int t) {
  switch (t) {
    case Alive: return 'a';
    case Dead: return 'd';
    case Zombie: return 'z';
    default: return '_';
  }
}
inline int char2UnitType(char c) {
  switch (c) {
    case 'a': return Alive;
    case 'd': return Dead;
    case 'z': return Zombie;
  }
  return -1;
}

#endif
