#include "Player.hh"

// Reference player (Dummy calibration, docs/games/walking-dead.md): looks one cell around each
// alive unit: eats adjacent food, else kills an adjacent zombie, else steps onto an empty cell it
// does not own, else steps at random.
#define PLAYER_NAME WdGreedy

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  virtual void play () {
    const Dir dirs[4] = {Down, Right, Up, Left};
    for (int id : alive_units(me())) {
      Pos p = unit(id).pos;
      int food = -1, zombie = -1, fresh = -1;
      for (int k = 0; k < 4; ++k) {
        Pos q = p + dirs[k];
        if (not pos_ok(q)) continue;
        Cell c = cell(q);
        if (c.food and food == -1) food = k;
        if (c.id != -1 and unit(c.id).type == Zombie and zombie == -1) zombie = k;
        if (c.is_empty() and c.owner != me() and fresh == -1) fresh = k;
      }
      int k = food != -1 ? food : zombie != -1 ? zombie : fresh != -1 ? fresh : random(0, 3);
      move(id, dirs[k]);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
