// OrkCity: reference player, light-medium. OrkBfs without paths: each ork
// attacks an adjacent enemy it beats for sure; stays on a city cell we do not
// own yet; otherwise one breadth-first search (queue<Pos>, fresh grids, cell()
// copies) to the nearest free city cell we do not own, and takes the first
// step. Paths are only walked over. Health costs are ignored.
#include "Player.hh"

#define PLAYER_NAME OrkCity

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef vector<int> VI;
  typedef vector<VI>  VVI;

  bool is_target (const Cell& c) {
    if (c.type == CITY) return city_owner(c.city_id) != me();
    return false;
  }

  Dir bfs (Pos start) {
    VVI dist(rows(), VI(cols(), -1));
    VVI first(rows(), VI(cols(), -1));
    queue<Pos> q;
    dist[start.i][start.j] = 0;
    q.push(start);
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      Cell c = cell(p);
      if (p != start and is_target(c) and c.unit_id == -1) return Dir(first[p.i][p.j]);
      for (int d = 0; d < 4; ++d) {
        Pos n = p + Dir(d);
        if (not pos_ok(n) or dist[n.i][n.j] != -1) continue;
        Cell cn = cell(n);
        if (cn.type == WATER) continue;
        if (cn.unit_id != -1 and p == start) continue;
        dist[n.i][n.j] = dist[p.i][p.j] + 1;
        first[n.i][n.j] = (p == start) ? d : first[p.i][p.j];
        q.push(n);
      }
    }
    return NONE;
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
    if (is_target(cell(u.pos))) return;
    Dir d = bfs(u.pos);
    if (d == NONE) d = Dir(random(0, 3));
    execute(Command(id, d));
  }

  virtual void play () {
    vector<int> my = orks(me());
    for (int k = 0; k < (int)my.size(); ++k) play_ork(my[k]);
  }

};

RegisterPlayer(PLAYER_NAME);
