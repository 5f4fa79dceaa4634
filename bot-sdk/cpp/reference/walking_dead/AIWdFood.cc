#include "Player.hh"

// Reference player (Dummy calibration, docs/games/walking-dead.md): each alive unit walks the
// shortest street path (around units) to the nearest food, else to the nearest cell it does not
// own. It never fights on purpose.
#define PLAYER_NAME WdFood

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  typedef vector<int> VI;

  // First direction (0..3 in Down, Right, Up, Left) of a shortest path from `from` to the
  // nearest food, else to the nearest cell not owned by me; -1 if none.
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
    for (int id : alive_units(me())) {
      int k = first_step(unit(id).pos);
      if (k != -1) move(id, dirs[k]);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
