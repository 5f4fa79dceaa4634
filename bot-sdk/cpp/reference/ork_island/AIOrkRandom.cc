// OrkRandom: reference player, naive. A random walk that likes cities and paths:
// an ork on a city or path cell stays there; otherwise it steps onto an adjacent
// city or path cell if there is one, else in a random direction that is not
// water and not one of its own orks. It never looks for enemies.
#include "Player.hh"

#define PLAYER_NAME OrkRandom

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  bool valuable (const Cell& c) {
    return c.type == CITY or c.type == PATH;
  }

  void play_ork (int id) {
    Unit u = unit(id);
    if (valuable(cell(u.pos))) return;
    vector<int> ok;
    for (int d = 0; d < 4; ++d) {
      Pos q = u.pos + Dir(d);
      if (not pos_ok(q)) continue;
      Cell c = cell(q);
      if (c.type == WATER) continue;
      if (c.unit_id != -1 and unit(c.unit_id).player == me()) continue;
      if (valuable(c)) {
        execute(Command(id, Dir(d)));
        return;
      }
      ok.push_back(d);
    }
    if (not ok.empty()) execute(Command(id, Dir(ok[random(0, ok.size() - 1)])));
  }

  virtual void play () {
    vector<int> my = orks(me());
    for (int k = 0; k < (int)my.size(); ++k) play_ork(my[k]);
  }

};

RegisterPlayer(PLAYER_NAME);
