// RefHunter: reference player, "a fighter that chases weak units" (medium).
// Each unit attacks the weakest adjacent enemy; otherwise it hunts: a
// breadth-first search (walls and our own units block) to the nearest enemy
// weaker than itself within 15 steps, and a step towards it. A unit with no
// such prey behaves like RefBfs: it stays on a city or path cell we do not own,
// else steps towards the nearest one.
#include "Player.hh"

#define PLAYER_NAME RefHunter

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  static const int RANGE = 15;

  bool is_target (const Cell& c) {
    if (c.type == CITY) return city_owner(c.city_id) != me();
    if (c.type == PATH) return path_owner(c.path_id) != me();
    return false;
  }

  // First step towards the nearest cell accepted by `goal` (kind 0: a target
  // cell, kind 1: an enemy weaker than `health`), at most `range` steps away.
  Dir bfs (Pos start, int kind, int health, int range) {
    vector<vector<int>> dist(rows(), vector<int>(cols(), -1));
    vector<vector<int>> first(rows(), vector<int>(cols(), -1));
    queue<Pos> q;
    dist[start.i][start.j] = 0;
    q.push(start);
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      if (p != start) {
        Cell c = cell(p);
        if (kind == 0 and is_target(c)) return Dir(first[p.i][p.j]);
        if (kind == 1 and c.unit_id != -1) {
          Unit e = unit(c.unit_id);
          if (e.player != me() and e.health < health) return Dir(first[p.i][p.j]);
        }
      }
      if (dist[p.i][p.j] == range) continue;
      for (int d = 0; d < 4; ++d) {
        Pos n = p + Dir(d);
        if (not pos_ok(n) or dist[n.i][n.j] != -1) continue;
        Cell cn = cell(n);
        if (cn.type == WALL) continue;
        if (cn.unit_id != -1 and unit(cn.unit_id).player == me()) continue;
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
    Dir d = bfs(u.pos, 1, u.health, RANGE);
    if (d != NONE) {
      move(id, d);
      return;
    }
    if (is_target(cell(u.pos))) return;
    d = bfs(u.pos, 0, 0, rows() * cols());
    if (d == NONE) d = Dir(random(0, 3));
    move(id, d);
  }

  virtual void play () {
    vector<int> my = my_units(me());
    for (int k = 0; k < (int)my.size(); ++k) play_unit(my[k]);
  }

};

RegisterPlayer(PLAYER_NAME);
