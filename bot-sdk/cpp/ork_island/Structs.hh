// Arena's C++ SDK for Ork Island: the kit's basic types (Structs.hh). Dir, Pos, City, Path and
// Command are the ones every grid game shares (arena/grid.hh).

#ifndef ARENA_ORK_ISLAND_STRUCTS_HH
#define ARENA_ORK_ISLAND_STRUCTS_HH

#include "Utils.hh"
#include "arena/grid.hh"

// The type of a cell. The codes are those of the bot ABI (docs/bot-abi.md). CELL_TYPE_SIZE is
// not a type: the number of types, for loops, and the type of Cell().
enum CellType { WATER, GRASS, FOREST, SAND, CITY, PATH, CELL_TYPE_SIZE };

// What a cell holds. The ids are -1 when there is none.
struct Cell {
  CellType type;  // WATER, GRASS, FOREST, SAND, CITY or PATH
  int unit_id;    // the ork on the cell
  int city_id;    // the city the cell belongs to (CITY cells)
  int path_id;    // the path the cell belongs to (PATH cells)

  // (CELL_TYPE_SIZE, -1, -1, -1), as in the kit.
  Cell() : type(CELL_TYPE_SIZE), unit_id(-1), city_id(-1), path_id(-1) {}
  Cell(CellType t, int unit, int city, int path) : type(t), unit_id(unit), city_id(city), path_id(path) {}
};

// An ork.
struct Unit {
  int id;      // its id: 0 .. nb_units() - 1
  int player;  // its owner
  Pos pos;     // where it is
  int health;  // its health

  // (-1, -1, (0, 0), 0), as in the kit.
  Unit() : id(-1), player(-1), pos(0, 0), health(0) {}
  Unit(int id, int pl, Pos p = Pos(0, 0), int health = 0) : id(id), player(pl), pos(p), health(health) {}
};

// The characters of the kit's board files for each cell type.
const char wATER = 'W';
const char gRASS = '.';
const char fOREST = 'F';
const char sAND = 'S';
const char cITY = 'C';
const char pATH = 'P';

// The CellType of a board character; any other character stops the bot, as in the kit.
inline CellType char2CellType(char c) {
  switch (c) {
    case wATER: return WATER;
    case gRASS: return GRASS;
    case fOREST: return FOREST;
    case sAND: return SAND;
    case cITY: return CITY;
    case pATH: return PATH;
    default: _my_assert(false, string(1, c) + " in grid definition."); return CELL_TYPE_SIZE;
  }
}

// The board character of a CellType; 'X' for anything else.
inline char CellType2char(CellType t) {
  switch (t) {
    case WATER: return wATER;
    case GRASS: return gRASS;
    case FOREST: return fOREST;
    case SAND: return sAND;
    case CITY: return cITY;
    case PATH: return pATH;
    default: return 'X';
  }
}

#endif
