// OrkHoarder: reference player, light-medium. It keeps what it takes: an ork that
// stands on a city or path cell (ours or not) never leaves it again, so every
// conquest keeps a garrison and the army shrinks into the regions it holds. The
// other orks attack an adjacent enemy they beat for sure, else make one
// breadth-first search (through free land) to the nearest free city or path cell
// we do not own, and take the first step.
#include "Player.hh"

#define PLAYER_NAME OrkHoarder

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  bool region (const Cell& c) {
    return c.type == CITY or c.type == PATH;
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
      Cell c = cell(p);
      if (p != start and c.unit_id == -1 and not_ours(c)) return Dir(first[p.i][p.j]);
      for (int d = 0; d < 4; ++d) {
        Pos n = p + Dir(d);
        if (not pos_ok(n) or first[n.i][n.j] != -2) continue;
        Cell cn = cell(n);
        if (cn.type == WATER or cn.unit_id != -1) continue;
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
      if (region(cell(u.pos))) continue;
      bool done = false;
      for (int d = 0; d < 4 and not done; ++d) {
        Pos n = u.pos + Dir(d);
        if (not pos_ok(n)) continue;
        Cell c = cell(n);
        if (c.type == WATER or c.unit_id == -1) continue;
        Unit e = unit(c.unit_id);
        if (e.player != me() and u.health - cost(c.type) > e.health) {
          execute(Command(u.id, Dir(d)));
          done = true;
        }
      }
      if (done) continue;
      Dir d = first_step(u.pos);
      if (d != NONE) execute(Command(u.id, d));
    }
  }

};

RegisterPlayer(PLAYER_NAME);
