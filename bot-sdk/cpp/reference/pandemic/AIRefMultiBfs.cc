// RefMultiBfs: reference player, cost class "map / priority-queue heavy" (heavy).
// Every round it runs two multi-source Dijkstra searches over the whole board
// with std::priority_queue (lazy deletion), keeping distances in std::map<Pos,int>:
// one from every city/path cell we do not own
// (step cost 1 + virus, so it walks around infected areas), one from every mask.
// Units attack the weakest adjacent enemy, otherwise walk downhill on one of the
// two distance maps (masks for units that could use one and are close to one),
// reserving their next cell in a std::set so that two units do not collide.
#include "Player.hh"

#define PLAYER_NAME RefMultiBfs

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef pair<int, Pos> IP;

  bool is_target (const Cell& c) {
    if (c.type == CITY) return city_owner(c.city_id) != me();
    if (c.type == PATH) return path_owner(c.path_id) != me();
    return false;
  }

  // Multi-source Dijkstra from the given sources; cost of entering a cell is 1 + its virus.
  void dijkstra (const vector<Pos>& sources, map<Pos, int>& dist) {
    dist.clear();
    priority_queue<IP, vector<IP>, greater<IP> > pq;
    for (int k = 0; k < (int)sources.size(); ++k) {
      dist[sources[k]] = 0;
      pq.push(IP(0, sources[k]));
    }
    while (not pq.empty()) {
      IP top = pq.top();
      pq.pop();
      Pos p = top.second;
      if (top.first > dist[p]) continue; // stale entry
      for (int d = 0; d < 4; ++d) {
        Pos n = p + Dir(d);
        if (not pos_ok(n)) continue;
        Cell c = cell(n);
        if (c.type == WALL) continue;
        int nd = top.first + 1 + c.virus;
        map<Pos, int>::iterator it = dist.find(n);
        if (it == dist.end() or nd < it->second) {
          dist[n] = nd;
          pq.push(IP(nd, n));
        }
      }
    }
  }

  int get (const map<Pos, int>& dist, Pos p) {
    map<Pos, int>::const_iterator it = dist.find(p);
    if (it == dist.end()) return INT_MAX;
    return it->second;
  }

  virtual void play () {
    vector<Pos> targets, masks;
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j) {
        Cell c = cell(i, j);
        if (is_target(c)) targets.push_back(Pos(i, j));
        if (c.mask) masks.push_back(Pos(i, j));
      }
    map<Pos, int> dt, dm;
    dijkstra(targets, dt);
    dijkstra(masks, dm);

    set<Pos> reserved;
    vector<int> my = my_units(me());
    for (int k = 0; k < (int)my.size(); ++k) {
      Unit u = unit(my[k]);

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

      if (is_target(cell(u.pos))) {
        reserved.insert(u.pos);
        continue;
      }

      bool wants_mask = not u.mask and not u.immune and get(dm, u.pos) <= 6;
      const map<Pos, int>& dist = wants_mask ? dm : dt;
      int bd = get(dist, u.pos);
      int dir = -1;
      for (int d = 0; d < 4; ++d) {
        Pos q = u.pos + Dir(d);
        if (not pos_ok(q) or reserved.count(q)) continue;
        Cell c = cell(q);
        if (c.type == WALL or c.unit_id != -1) continue;
        int v = get(dist, q);
        if (v < bd) {
          bd = v;
          dir = d;
        }
      }
      if (dir == -1) {
        reserved.insert(u.pos);
        continue;
      }
      reserved.insert(u.pos + Dir(dir));
      move(u.id, Dir(dir));
    }
  }

};

RegisterPlayer(PLAYER_NAME);
