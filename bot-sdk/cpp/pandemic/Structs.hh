// Arena's C++ SDK for Pandemic: the kit's basic types (Structs.hh). Dir, Pos, City, Path and
// Command are the ones every grid game shares (arena/grid.hh).

#ifndef ARENA_PANDEMIC_STRUCTS_HH
#define ARENA_PANDEMIC_STRUCTS_HH

#include "Utils.hh"
#include "arena/grid.hh"

// The type of a cell. The codes are those of the bot ABI (docs/bot-abi.md).
enum CellType { WALL, GRASS, CITY, PATH };

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

#endif
