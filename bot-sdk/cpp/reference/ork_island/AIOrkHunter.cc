// OrkHunter: reference player, medium. A fighter that chases weak orks. Each ork
// attacks the weakest adjacent enemy it beats for sure; otherwise steps away from
// an adjacent enemy that would beat it; otherwise one breadth-first search (up to
// 15 steps, through free land) to the nearest enemy ork it would still beat after
// walking there (its health minus one per step strictly above the enemy's), and
// the first step. Orks with no prey in reach go for the nearest free city or path
// cell we do not own, and stay on one.
#include "Player.hh"

#define PLAYER_NAME OrkHunter

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  static const int REACH = 15;

  bool enemy_at (Pos p) {
    if (not pos_ok(p)) return false;
    int id = cell(p).unit_id;
    return id != -1 and unit(id).player != me();
  }

  bool not_ours (const Cell& c) {
    if (c.type == CITY) return city_owner(c.city_id) != me();
    if (c.type == PATH) return path_owner(c.path_id) != me();
    return false;
  }

  // First step of a breadth-first search towards a prey (hunt) or a region.
  Dir search (Pos start, int health, bool hunt) {
    vector< vector<int> > dist(rows(), vector<int>(cols(), -1));
    vector< vector<int> > first(rows(), vector<int>(cols(), -1));
    queue<Pos> q;
    dist[start.i][start.j] = 0;
    q.push(start);
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      if (hunt and dist[p.i][p.j] >= REACH) continue;
      for (int d = 0; d < 4; ++d) {
        Pos n = p + Dir(d);
        if (not pos_ok(n) or dist[n.i][n.j] != -1) continue;
        Cell c = cell(n);
        if (c.type == WATER) continue;
        dist[n.i][n.j] = dist[p.i][p.j] + 1;
        first[n.i][n.j] = (p == start) ? d : first[p.i][p.j];
        if (hunt and enemy_at(n) and health - dist[n.i][n.j] > unit(c.unit_id).health)
          return Dir(first[n.i][n.j]);
        if (not hunt and c.unit_id == -1 and not_ours(c)) return Dir(first[n.i][n.j]);
        if (c.unit_id == -1) q.push(n);
      }
    }
    return NONE;
  }

  void play_ork (const Unit& u) {
    int best = -1, weakest = 0;
    for (int d = 0; d < 4; ++d) {
      Pos n = u.pos + Dir(d);
      if (not enemy_at(n)) continue;
      Unit e = unit(cell(n).unit_id);
      if (u.health - cost(cell(n).type) > e.health and (best == -1 or e.health < weakest)) {
        best = d;
        weakest = e.health;
      }
    }
    if (best != -1) {
      execute(Command(u.id, Dir(best)));
      return;
    }
    for (int d = 0; d < 4; ++d) {
      Pos n = u.pos + Dir(d);
      if (enemy_at(n) and unit(cell(n).unit_id).health - cost(cell(u.pos).type) >= u.health) {
        Pos away = u.pos + Dir((d + 2) % 4);
        if (pos_ok(away) and cell(away).type != WATER and cell(away).unit_id == -1) {
          execute(Command(u.id, Dir((d + 2) % 4)));
          return;
        }
      }
    }
    Dir d = search(u.pos, u.health, true);
    if (d == NONE) {
      if (not_ours(cell(u.pos))) return;
      d = search(u.pos, u.health, false);
    }
    if (d != NONE) execute(Command(u.id, d));
  }

  virtual void play () {
    vector<int> my = orks(me());
    for (int k = 0; k < (int)my.size(); ++k) play_ork(unit(my[k]));
  }

};

RegisterPlayer(PLAYER_NAME);
