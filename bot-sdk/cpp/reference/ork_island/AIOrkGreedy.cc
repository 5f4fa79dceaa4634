// OrkGreedy: reference player, light. Each ork attacks an adjacent enemy that it
// beats for sure (its health after paying the cell's cost is strictly greater);
// otherwise, if it stands on a city or path we do not own, it stays; otherwise
// it steps towards the nearest city cell we do not own by Manhattan distance
// (no search: a blocked or watery step is replaced by a random legal one).
#include "Player.hh"

#define PLAYER_NAME OrkGreedy

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  vector<Pos> targets;

  bool mine (const Cell& c) {
    if (c.type == CITY) return city_owner(c.city_id) == me();
    if (c.type == PATH) return path_owner(c.path_id) == me();
    return true;
  }

  bool free_step (Pos q) {
    if (not pos_ok(q)) return false;
    Cell c = cell(q);
    if (c.type == WATER) return false;
    return c.unit_id == -1;
  }

  void play_ork (int id) {
    Unit u = unit(id);
    for (int d = 0; d < 4; ++d) {
      Pos q = u.pos + Dir(d);
      if (not pos_ok(q)) continue;
      Cell c = cell(q);
      if (c.type == WATER or c.unit_id == -1) continue;
      Unit e = unit(c.unit_id);
      if (e.player != me() and u.health - cost(c.type) > e.health) {
        execute(Command(id, Dir(d)));
        return;
      }
    }
    if (not mine(cell(u.pos))) return;
    int best = INT_MAX;
    Pos t = u.pos;
    for (int k = 0; k < (int)targets.size(); ++k) {
      int dd = abs(targets[k].i - u.pos.i) + abs(targets[k].j - u.pos.j);
      if (dd < best) { best = dd; t = targets[k]; }
    }
    if (t == u.pos) return;
    vector<int> good;
    if (t.i > u.pos.i) good.push_back(BOTTOM);
    if (t.i < u.pos.i) good.push_back(TOP);
    if (t.j > u.pos.j) good.push_back(RIGHT);
    if (t.j < u.pos.j) good.push_back(LEFT);
    for (int k = 0; k < (int)good.size(); ++k)
      if (free_step(u.pos + Dir(good[k]))) {
        execute(Command(id, Dir(good[k])));
        return;
      }
    Dir r = Dir(random(0, 3));
    if (free_step(u.pos + r)) execute(Command(id, r));
  }

  virtual void play () {
    targets.clear();
    for (int c = 0; c < nb_cities(); ++c)
      if (city_owner(c) != me()) {
        City cc = city(c);
        for (int k = 0; k < (int)cc.size(); ++k) targets.push_back(cc[k]);
      }
    vector<int> my = orks(me());
    for (int k = 0; k < (int)my.size(); ++k) play_ork(my[k]);
  }

};

RegisterPlayer(PLAYER_NAME);
