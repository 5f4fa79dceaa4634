#include "Player.hh"

// Reference player (Dummy calibration, docs/games/mad-max.md): gives no orders. Its warriors
// stay in their cities until thirst kills them.
#define PLAYER_NAME MmIdle

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  virtual void play () {}
};

RegisterPlayer(PLAYER_NAME);
