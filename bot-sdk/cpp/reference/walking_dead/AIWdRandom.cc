#include "Player.hh"

// Reference player (Dummy calibration, docs/games/walking-dead.md): every alive unit steps in a
// random straight direction.
#define PLAYER_NAME WdRandom

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }
  virtual void play () {
    const Dir dirs[4] = {Down, Right, Up, Left};
    for (int id : alive_units(me())) move(id, dirs[random(0, 3)]);
  }
};

RegisterPlayer(PLAYER_NAME);
