// OrkIdle: reference player, near-idle. Every round it reads its orks and moves
// about a quarter of them one step in a random direction. It never aims at
// anything; whatever it owns, it owns by chance.
#include "Player.hh"

#define PLAYER_NAME OrkIdle

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  virtual void play () {
    vector<int> my = orks(me());
    for (int k = 0; k < (int)my.size(); ++k)
      if (random(0, 3) == 0) execute(Command(my[k], Dir(random(0, 3))));
  }

};

RegisterPlayer(PLAYER_NAME);
