// RefBfs: reference player, cost class "one BFS per unit per round" (medium).
// Every round, for every unit: attack the weakest adjacent enemy if any; stay on
// a city or path cell that is not ours yet; otherwise run a breadth-first search
// (queue<Pos>, a fresh vector<vector<int>> of distances, cell() copies) from the
// unit to the nearest city or path cell that we do not own and take the first
// step of that shortest path.
#include "Player.hh"

#define PLAYER_NAME RefBfs

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef vector<int> VI;
  typedef vector<VI>  VVI;

  bool is_target (const Cell& c) {
    if (c.type == CITY) return city_owner(c.city_id) != me();
    if (c.type == PATH) return path_owner(c.path_id) != me();
    return false;
  }

  // Direction of the first step towards the nearest target, or NONE.
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
      if (p != start and is_target(c)) return Dir(first[p.i][p.j]);
      for (int d = 0; d < 4; ++d) {
        Pos n = p + Dir(d);
        if (not pos_ok(n) or dist[n.i][n.j] != -1) continue;
        Cell cn = cell(n);
        if (cn.type == WALL) continue;
        if (cn.unit_id != -1 and p == start) continue; // blocked right now
        dist[n.i][n.j] = dist[p.i][p.j] + 1;
        first[n.i][n.j] = (p == start) ? d : first[p.i][p.j];
        q.push(n);
      }
    }
    return NONE;
  }

  void play_unit (int id) {
    Unit u = unit(id);
    int best_dir = -1, best_health = INT_MAX;
    for (int d = 0; d < 4; ++d) {
      Pos q = u.pos + Dir(d);
      if (not pos_ok(q)) continue;
      Cell c = cell(q);
      if (c.unit_id != -1) {
        Unit e = unit(c.unit_id);
        if (e.player != me() and e.health < best_health) {
          best_health = e.health;
          best_dir = d;
        }
      }
    }
    if (best_dir != -1) {
      move(id, Dir(best_dir));
      return;
    }
    if (is_target(cell(u.pos))) return;
    Dir d = bfs(u.pos);
    if (d == NONE) d = Dir(random(0, 3));
    move(id, d);
  }

  virtual void play () {
    vector<int> my = my_units(me());
    for (int k = 0; k < (int)my.size(); ++k) play_unit(my[k]);
  }

};

RegisterPlayer(PLAYER_NAME);
