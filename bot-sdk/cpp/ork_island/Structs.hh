// Arena's C++ SDK for Ork Island: the kit's basic types (Structs.hh). Dir, Pos, City, Path and
// Command are the ones every grid game shares (arena/grid.hh).

#ifndef ARENA_ORK_ISLAND_STRUCTS_HH
#define ARENA_ORK_ISLAND_STRUCTS_HH

#include "Utils.hh"
#include "arena/grid.hh"

// The type of a cell. The codes are those of the bot ABI (docs/bot-abi.md). Orks never enter
// WATER; entering any other type costs health (cost(type)).
enum CellType { WATER, GRASS, FOREST, SAND, CITY, PATH };

// What a cell holds. The ids are -1 when there is none.
struct Cell {
  CellType type;  // WATER, GRASS, FOREST, SAND, CITY or PATH
  int unit_id;    // the ork on the cell
  int city_id;    // the city the cell belongs to (CITY cells)
  int path_id;    // the path the cell belongs to (PATH cells)

  Cell() : type(WATER), unit_id(-1), city_id(-1), path_id(-1) {}
  Cell(CellType type, int unit_id, int city_id, int path_id)
      : type(type), unit_id(unit_id), city_id(city_id), path_id(path_id) {}
};

// An ork. Health 0 is alive: an ork dies when a move leaves it below 0.
struct Unit {
  int id;      // its id: 0 .. nb_units() - 1
  int player;  // its owner
  Pos pos;     // where it is
  int health;  // its health

  Unit() : id(-1), player(-1), pos(), health(0) {}
  Unit(int id, int player, Pos pos, int health) : id(id), player(player), pos(pos), health(health) {}
};

#endif
