#include "Player.hh"

// Reference player (Dummy calibration, docs/games/purge.md): gives no orders.
#define PLAYER_NAME PgIdle

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }
  virtual void play () {}
};

RegisterPlayer(PLAYER_NAME);
