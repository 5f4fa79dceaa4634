// OrkExplorer: reference player, medium. A breadth-first explorer that ignores
// fights: it never attacks on purpose and never looks at enemy health. Each ork
// stays on a city or path cell we do not own yet; otherwise one breadth-first
// search over the land (orks are not obstacles: it walks into whoever is in the
// way) to the nearest city or path cell we do not own, and the first step.
// With nothing left to take it wanders one step at random.
#include "Player.hh"

#define PLAYER_NAME OrkExplorer

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  bool not_ours (const Cell& c) {
    if (c.type == CITY) return city_owner(c.city_id) != me();
    if (c.type == PATH) return path_owner(c.path_id) != me();
    return false;
  }

  Dir first_step (Pos start) {
    vector< vector<int> > first(rows(), vector<int>(cols(), -2));
    queue<Pos> q;
    first[start.i][start.j] = -1;
    q.push(start);
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      if (p != start and not_ours(cell(p))) return Dir(first[p.i][p.j]);
      for (int d = 0; d < 4; ++d) {
        Pos n = p + Dir(d);
        if (not pos_ok(n) or first[n.i][n.j] != -2) continue;
        if (cell(n).type == WATER) continue;
        first[n.i][n.j] = (p == start) ? d : first[p.i][p.j];
        q.push(n);
      }
    }
    return NONE;
  }

  virtual void play () {
    vector<int> my = orks(me());
    for (int k = 0; k < (int)my.size(); ++k) {
      Unit u = unit(my[k]);
      if (not_ours(cell(u.pos))) continue;
      Dir d = first_step(u.pos);
      if (d == NONE) d = Dir(random(0, 3));
      execute(Command(u.id, d));
    }
  }

};

RegisterPlayer(PLAYER_NAME);
