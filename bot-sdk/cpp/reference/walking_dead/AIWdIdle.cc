#include "Player.hh"

// Reference player (Dummy calibration, docs/games/walking-dead.md): gives no orders.
#define PLAYER_NAME WdIdle

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }
  virtual void play () {}
};

RegisterPlayer(PLAYER_NAME);
