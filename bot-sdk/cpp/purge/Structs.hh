// Arena's C++ SDK for The Purge: the kit's basic types (Structs.hh), with the kit's names,
// constructors, default values, operators and conversions. The codes are those of the bot ABI
// (docs/bot-abi.md).

#ifndef ARENA_PURGE_STRUCTS_HH
#define ARENA_PURGE_STRUCTS_HH

#include "Utils.hh"
#include "arena/abi.hh"

// The four directions, in the kit's order: Down is row + 1, Right column + 1.
enum Dir { Down, Right, Up, Left };

inline ostream& operator<<(ostream& out, Dir d) {
  switch (d) {
    case Down: out << "Down"; break;
    case Right: out << "Right"; break;
    case Up: out << "Up"; break;
    case Left: out << "Left"; break;
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
      case Right: ++j; break;
      case Up: --i; break;
      case Left: --j; break;
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

// What a street cell may offer besides weapons.
enum BonusType { Money, Food, NoBonus };

inline ostream& operator<<(ostream& out, BonusType b) {
  switch (b) {
    case Money: out << "Money"; break;
    case Food: out << "Food"; break;
    case NoBonus: out << "NoBonus"; break;
    default: out << int(b); break;
  }
  return out;
}

// Weapons, weakest first; a builder carries NoWeapon.
enum WeaponType { Hammer, Gun, Bazooka, NoWeapon };

// The stronger of two weapons (Bazooka > Gun > Hammer > NoWeapon).
inline WeaponType strongestWeapon(WeaponType w1, WeaponType w2) {
  if (w1 == Bazooka || w2 == Bazooka) return Bazooka;
  if (w1 == Gun || w2 == Gun) return Gun;
  if (w1 == Hammer || w2 == Hammer) return Hammer;
  return NoWeapon;
}

inline ostream& operator<<(ostream& out, WeaponType w) {
  switch (w) {
    case Hammer: out << "Hammer"; break;
    case Gun: out << "Gun"; break;
    case Bazooka: out << "Bazooka"; break;
    case NoWeapon: out << "NoWeapon"; break;
    default: out << int(w); break;
  }
  return out;
}

enum CellType { Street, Building };

inline ostream& operator<<(ostream& out, CellType c) {
  switch (c) {
    case Street: out << "Street"; break;
    case Building: out << "Building"; break;
    default: out << int(c); break;
  }
  return out;
}

// A cell and what it holds: resistance and b_owner are -1 without a barricade, id -1 without a
// citizen.
struct Cell {
  CellType type;
  BonusType bonus;
  WeaponType weapon;
  int resistance;
  int b_owner;
  int id;

  // (Street, NoBonus, NoWeapon, -1, -1, -1), as in the kit: so is a cell asked for off the board.
  Cell() : type(Street), bonus(NoBonus), weapon(NoWeapon), resistance(-1), b_owner(-1), id(-1) {}
  Cell(CellType t, BonusType b, WeaponType w, int r, int o, int i)
      : type(t), bonus(b), weapon(w), resistance(r), b_owner(o), id(i) {}

  // A street cell with no bonus, weapon, barricade or citizen.
  bool is_empty() const {
    return type == Street && bonus == NoBonus && weapon == NoWeapon && resistance == -1 && b_owner == -1 && id == -1;
  }
};

enum CitizenType { Builder, Warrior };

inline ostream& operator<<(ostream& out, CitizenType c) {
  switch (c) {
    case Builder: out << "Builder"; break;
    case Warrior: out << "Warrior"; break;
    default: out << int(c); break;
  }
  return out;
}

// A citizen on the board. weapon is NoWeapon for builders; life > 0 for a citizen on the board.
struct Citizen {
  CitizenType type;
  int id;
  int player;
  Pos pos;
  WeaponType weapon;
  int life;

  // (Builder, -1, -1, (0, 0), NoWeapon, INT_MAX), as in the kit.
  Citizen() : type(Builder), id(-1), player(-1), pos(0, 0), weapon(NoWeapon), life(INT_MAX) {}
  Citizen(CitizenType t, int i, int pl, Pos p, WeaponType w, int l)
      : type(t), id(i), player(pl), pos(p), weapon(w), life(l) {}
};

// The kit's command types: Move, and Build for builders.
enum CommandType {
  Move,
  Build,
};

inline ostream& operator<<(ostream& out, CommandType c) {
  switch (c) {
    case Move: out << "Move"; break;
    case Build: out << "Build"; break;
    default: out << int(c); break;
  }
  return out;
}

// Whether dir is one of the four directions.
inline bool dir_ok(Dir dir) { return dir >= Down && dir <= Left; }

#endif
