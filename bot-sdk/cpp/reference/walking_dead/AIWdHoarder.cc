#include "Player.hh"

// Reference player (Dummy calibration, docs/games/walking-dead.md): a hoarder that keeps what it
// has. Each unit kills an adjacent zombie and steps onto adjacent food; else it goes for food at
// most 4 steps away; else it steps onto an adjacent empty cell its clan does not own yet (the
// first in Down, Right, Up, Left order), and otherwise stays. It never attacks a survivor.
#define PLAYER_NAME WdHoarder

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  typedef vector<int> VI;

  int food_step (Pos from, int reach) {
    const Dir dirs[4] = {Down, Right, Up, Left};
    int R = board_rows(), C = board_cols();
    VI dist(R * C, -1), first(R * C, -1);
    queue<Pos> q;
    dist[from.i * C + from.j] = 0;
    q.push(from);
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      if (dist[p.i * C + p.j] >= reach) continue;
      for (int k = 0; k < 4; ++k) {
        Pos n = p + dirs[k];
        if (not pos_ok(n) or dist[n.i * C + n.j] != -1) continue;
        Cell c = cell(n);
        if (c.type == Waste or c.id != -1) continue;
        dist[n.i * C + n.j] = dist[p.i * C + p.j] + 1;
        first[n.i * C + n.j] = p == from ? k : first[p.i * C + p.j];
        if (c.food) return first[n.i * C + n.j];
        q.push(n);
      }
    }
    return -1;
  }

  virtual void play () {
    const Dir dirs[4] = {Down, Right, Up, Left};
    for (int id : alive_units(me())) {
      Pos p = unit(id).pos;
      int target = -1;
      for (int k = 0; k < 4 and target == -1; ++k) {
        Pos n = p + dirs[k];
        if (not pos_ok(n)) continue;
        Cell c = cell(n);
        if (c.food or (c.id != -1 and unit(c.id).type == Zombie)) target = k;
      }
      if (target == -1) target = food_step(p, 4);
      for (int k = 0; k < 4 and target == -1; ++k) {
        Pos n = p + dirs[k];
        if (pos_ok(n) and cell(n).type == Street and cell(n).is_empty() and cell(n).owner != me()) target = k;
      }
      if (target != -1) move(id, dirs[target]);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
