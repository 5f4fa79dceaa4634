#include "Player.hh"

// Reference player (Dummy calibration, docs/games/walking-dead.md): WdFood that also kills
// adjacent zombies and attacks adjacent enemies of a clan no stronger than its own.
#define PLAYER_NAME WdHunter

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  typedef vector<int> VI;

  int first_step (Pos from) {
    const Dir dirs[4] = {Down, Right, Up, Left};
    int R = board_rows(), C = board_cols();
    VI dist(R * C, -1), first(R * C, -1);
    queue<Pos> q;
    dist[from.i * C + from.j] = 0;
    q.push(from);
    int fallback = -1;
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      for (int k = 0; k < 4; ++k) {
        Pos n = p + dirs[k];
        if (not pos_ok(n) or dist[n.i * C + n.j] != -1) continue;
        Cell c = cell(n);
        if (c.type == Waste or c.id != -1) continue;
        dist[n.i * C + n.j] = dist[p.i * C + p.j] + 1;
        first[n.i * C + n.j] = p == from ? k : first[p.i * C + p.j];
        if (c.food) return first[n.i * C + n.j];
        if (fallback == -1 and c.owner != me()) fallback = first[n.i * C + n.j];
        q.push(n);
      }
    }
    return fallback;
  }

  virtual void play () {
    const Dir dirs[4] = {Down, Right, Up, Left};
    int mine = strength(me());
    for (int id : alive_units(me())) {
      Pos p = unit(id).pos;
      int target = -1;
      for (int k = 0; k < 4 and target == -1; ++k) {
        Pos n = p + dirs[k];
        if (not pos_ok(n) or cell(n).id == -1) continue;
        Unit u = unit(cell(n).id);
        if (u.type == Zombie) target = k;
        else if (u.type == Alive and u.player != me() and strength(u.player) <= mine) target = k;
      }
      if (target == -1) target = first_step(p);
      if (target != -1) move(id, dirs[target]);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
