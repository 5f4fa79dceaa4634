// Arena's C++ SDK for Pandemic: the kit's basic types (Structs.hh). Dir, Pos, City, Path and
// Command are the ones every grid game shares (arena/grid.hh).

#ifndef ARENA_PANDEMIC_STRUCTS_HH
#define ARENA_PANDEMIC_STRUCTS_HH

#include "Utils.hh"
#include "arena/grid.hh"

// The type of a cell. The codes are those of the bot ABI (docs/bot-abi.md). CELL_TYPE_SIZE is
// not a type: the number of types, for loops, and the type of Cell().
enum CellType { WALL, GRASS, CITY, PATH, CELL_TYPE_SIZE };

// What a cell holds. The ids are -1 when there is none.
struct Cell {
  CellType type;  // WALL, GRASS, CITY or PATH
  int unit_id;    // the unit on the cell
  int city_id;    // the city the cell belongs to
  int path_id;    // the path the cell belongs to
  int virus;      // virus level
  bool mask;      // a mask lies on the cell

  // (CELL_TYPE_SIZE, -1, -1, -1, 0, false), as in the kit.
  Cell() : type(CELL_TYPE_SIZE), unit_id(-1), city_id(-1), path_id(-1), virus(0), mask(false) {}
  Cell(CellType t, int unit, int city, int path, int virus, bool mask)
      : type(t), unit_id(unit), city_id(city), path_id(path), virus(virus), mask(mask) {}
};

// A unit. It is infected when damage > 0; turns counts its rounds infected.
struct Unit {
  int id;       // its id: 0 .. total_units() - 1
  int player;   // its owner
  Pos pos;      // where it is
  int health;   // its health
  int damage;   // health it loses per round while infected (0: not infected)
  int turns;    // rounds it has been infected
  bool immune;  // it healed and cannot be infected again
  bool mask;    // it wears a mask

  // (-1, -1, (0, 0), 0, 0, 0, false, false), as in the kit.
  Unit() : id(-1), player(-1), pos(0, 0), health(0), damage(0), turns(0), immune(false), mask(false) {}
  Unit(int id, int pl, Pos p = Pos(0, 0), int health = 0, int v_damage = 0, int v_turns = 0, bool immune = false,
       bool mask = false)
      : id(id), player(pl), pos(p), health(health), damage(v_damage), turns(v_turns), immune(immune), mask(mask) {}
};

// The characters of the kit's board files for each cell type.
const char wALL = 'W';
const char gRASS = '.';
const char cITY = ';';
const char pATH = ',';

// The CellType of a board character; any other character stops the bot, as in the kit.
inline CellType char2CellType(char c) {
  switch (c) {
    case wALL: return WALL;
    case gRASS: return GRASS;
    case cITY: return CITY;
    case pATH: return PATH;
    default: _my_assert(false, string(1, c) + " in grid definition."); return CELL_TYPE_SIZE;
  }
}

// The board character of a CellType; 'X' for anything else.
inline char CellType2char(CellType t) {
  switch (t) {
    case WALL: return wALL;
    case GRASS: return gRASS;
    case CITY: return cITY;
    case PATH: return pATH;
    default: return 'X';
  }
}

#endif
