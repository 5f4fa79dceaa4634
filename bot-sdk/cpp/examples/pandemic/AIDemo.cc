#include "Player.hh"

/**
 * Arena's demo player for Pandemic, written in the style of the Jutge kit: copy this file to
 * AIYourName.cc, change PLAYER_NAME, and build it with
 *
 *   arena build AIYourName.cc --game pandemic -o YourName.wasm
 *
 * Each unit, in a random order:
 *   1. attacks an adjacent enemy unit if there is one (the weakest);
 *   2. otherwise steps into a free neighbouring cell, preferring a city or path cell that this
 *      player does not own yet, or a mask when the unit has none;
 *   3. otherwise steps into any free open neighbouring cell, or stays.
 */
#define PLAYER_NAME Demo

struct PLAYER_NAME : public Player {
  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory() {
    return new PLAYER_NAME;
  }

  /**
   * Whether a cell is worth stepping into for unit u: a city or path we do not own, or a mask.
   */
  bool interesting(const Unit& u, const Cell& c) {
    if (c.type == CITY and city_owner(c.city_id) != me()) return true;
    if (c.type == PATH and path_owner(c.path_id) != me()) return true;
    return c.mask and not u.mask;
  }

  void play_unit(int id) {
    const Unit& u = unit(id);
    Dir attack = NONE;
    int weakest = INT_MAX;
    vector<Dir> good, open;
    for (int d = 0; d < 4; ++d) {
      Dir dir = Dir(d);
      Pos p = u.pos + dir;
      if (not pos_ok(p)) continue;
      const Cell& c = cell(p);
      if (c.type == WALL) continue;
      if (c.unit_id != -1) {
        const Unit& other = unit(c.unit_id);
        if (other.player != me() and other.health < weakest) {
          weakest = other.health;
          attack = dir;
        }
        continue;
      }
      open.push_back(dir);
      if (interesting(u, c)) good.push_back(dir);
    }
    if (attack != NONE) move(id, attack);
    else if (not good.empty()) move(id, good[random(0, int(good.size()) - 1)]);
    else if (not open.empty()) move(id, open[random(0, int(open.size()) - 1)]);
  }

  /**
   * Play method, invoked once per each round.
   */
  virtual void play() {
    vector<int> mine = my_units(me());
    vector<int> order = random_permutation(int(mine.size()));
    for (int k : order) play_unit(mine[k]);
  }
};

/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
