#include "Player.hh"

// Reference player (Dummy calibration, docs/games/mad-max.md): every unit that may move steps in
// a random direction, without looking.
#define PLAYER_NAME MmRandom

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  virtual void play () {
    for (int id : warriors(me()))
      if (can_move(id)) command(id, Dir(random(0, 7)));
    for (int id : cars(me()))
      if (can_move(id)) command(id, Dir(random(0, 7)));
  }
};

RegisterPlayer(PLAYER_NAME);
