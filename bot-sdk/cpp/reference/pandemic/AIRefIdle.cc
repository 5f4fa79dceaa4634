// RefIdle: reference player, cost class "near-idle".
// Reads its units once per round and moves about a quarter of them in a random
// direction; everyone else stays. Almost no CPU: it only measures the fixed cost
// of being called every round.
#include "Player.hh"

#define PLAYER_NAME RefIdle

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  virtual void play () {
    vector<int> my = my_units(me());
    for (int k = 0; k < (int)my.size(); ++k) {
      if (random(0, 3) == 0) move(my[k], Dir(random(0, 3)));
    }
  }

};

RegisterPlayer(PLAYER_NAME);
