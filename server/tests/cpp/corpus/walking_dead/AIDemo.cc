#include "Player.hh"

/**
 * Corpus player for `arena build --game walking-dead`, written in the kit's style: until half
 * the match, its alive units wander in even rounds; in odd rounds they either all step left or
 * kill the zombies next to them. It prints its alive units on cerr each round, as kit players
 * often do.
 */
#define PLAYER_NAME Demo

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  const vector<Dir> dirs = {Up, Down, Left, Right};

  bool free_cell (Pos p) {
    return pos_ok(p) and cell(p.i, p.j).type != Waste;
  }

  virtual void play () {
    if (status(me()) >= 0.9) return;
    if (round() > num_rounds()/2) return;
    vector<int> alive = alive_units(me());
    cerr << "round " << round() << ": " << alive.size() << " alive units" << endl;
    if (round() % 2 == 0) {
      for (int id : alive) {
        Dir d = dirs[random(0, dirs.size() - 1)];
        if (free_cell(unit(id).pos + d)) move(id, d);
      }
    }
    else if (random(0, 3) <= 1) {
      for (int id : alive)
        if (free_cell(unit(id).pos + Left)) move(id, Left);
    }
    else {
      for (int id : alive)
        for (Dir d : dirs) {
          Pos p = unit(id).pos + d;
          if (not pos_ok(p)) continue;
          int other = cell(p).id;
          if (other != -1 and unit(other).type == Zombie) { move(id, d); break; }
        }
    }
  }
};

RegisterPlayer(PLAYER_NAME);
