// RefHoarder: reference player, "hoards" (medium). It keeps what it has: a
// unit on a city or path we own stays there as long as we have no more units
// there than the strongest rival plus one (map<int,int> counts per region,
// recomputed every round). A unit without a mask fetches one within 8 steps.
// The others attack the weakest adjacent enemy, stay on a cell we do not own
// yet, or take a BFS step towards the nearest city or path cell we do not own.
#include "Player.hh"

#define PLAYER_NAME RefHoarder

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  // Region key: cities 0.., paths 1000...
  int region (const Cell& c) {
    if (c.type == CITY) return c.city_id;
    if (c.type == PATH) return 1000 + c.path_id;
    return -1;
  }

  int owner (int r) {
    return r < 1000 ? city_owner(r) : path_owner(r - 1000);
  }

  bool is_target (const Cell& c) {
    int r = region(c);
    return r != -1 and owner(r) != me();
  }

  // First step to the nearest cell with a mask (kind 1) or a target (kind 0),
  // within `range` steps, around units.
  Dir bfs (Pos start, int kind, int range) {
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
        if (kind == 1 and c.mask) return Dir(first[p.i][p.j]);
        if (kind == 0 and is_target(c)) return Dir(first[p.i][p.j]);
      }
      if (dist[p.i][p.j] == range) continue;
      for (int d = 0; d < 4; ++d) {
        Pos n = p + Dir(d);
        if (not pos_ok(n) or dist[n.i][n.j] != -1) continue;
        Cell cn = cell(n);
        if (cn.type == WALL or cn.unit_id != -1) continue;
        dist[n.i][n.j] = dist[p.i][p.j] + 1;
        first[n.i][n.j] = (p == start) ? d : first[p.i][p.j];
        q.push(n);
      }
    }
    return NONE;
  }

  virtual void play () {
    // Units per region and player.
    map<int, vector<int>> count;
    for (int id = 0; id < total_units(); ++id) {
      Unit u = unit(id);
      int r = region(cell(u.pos));
      if (r == -1) continue;
      if (not count.count(r)) count[r] = vector<int>(nb_players(), 0);
      ++count[r][u.player];
    }
    map<int, int> guards; // guards kept so far per owned region
    vector<int> my = my_units(me());
    for (int k = 0; k < (int)my.size(); ++k) {
      Unit u = unit(my[k]);
      int r = region(cell(u.pos));
      if (r != -1 and owner(r) == me()) {
        int rival = 0;
        for (int pl = 0; pl < nb_players(); ++pl)
          if (pl != me()) rival = max(rival, count[r][pl]);
        if (guards[r] < rival + 1) {
          ++guards[r];
          move(u.id, NONE);
          continue;
        }
      }
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
        move(u.id, Dir(best_dir));
        continue;
      }
      if (not u.mask) {
        Dir d = bfs(u.pos, 1, 8);
        if (d != NONE) {
          move(u.id, d);
          continue;
        }
      }
      if (is_target(cell(u.pos))) continue;
      Dir d = bfs(u.pos, 0, rows() * cols());
      if (d == NONE) d = Dir(random(0, 3));
      move(u.id, d);
    }
  }

};

RegisterPlayer(PLAYER_NAME);
