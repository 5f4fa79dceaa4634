#include "Player.hh"

// Reference player (Dummy calibration, docs/games/purge.md): every citizen steps in a random
// direction, day and night, without looking.
#define PLAYER_NAME PgRandom

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }
  virtual void play () {
    const Dir dirs[4] = {Down, Right, Up, Left};
    for (int id : warriors(me())) move(id, dirs[random(0, 3)]);
    for (int id : builders(me())) move(id, dirs[random(0, 3)]);
  }
};

RegisterPlayer(PLAYER_NAME);
