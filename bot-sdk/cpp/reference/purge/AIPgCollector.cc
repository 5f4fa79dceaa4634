#include "Player.hh"

// Reference player (Dummy calibration, docs/games/purge.md): every citizen takes the first step
// of a shortest path (BFS around buildings and citizens) to the nearest money or food, one
// citizen per item; it never fights on purpose and never builds.
#define PLAYER_NAME PgCollector

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  set<Pos> taken;

  // First direction toward the nearest wanted cell not yet taken, or -1.
  int first_step (Pos from, bool want_weapons) {
    const Dir dirs[4] = {Down, Right, Up, Left};
    int R = board_rows(), C = board_cols();
    vector<int> dist(R * C, -1), first(R * C, -1);
    queue<Pos> q;
    dist[from.i * C + from.j] = 0;
    q.push(from);
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      for (int k = 0; k < 4; ++k) {
        Pos n = p + dirs[k];
        if (not pos_ok(n) or dist[n.i * C + n.j] != -1) continue;
        Cell c = cell(n);
        if (c.type == Building or c.id != -1) continue;
        if (c.b_owner != -1 and c.b_owner != me()) continue;
        dist[n.i * C + n.j] = dist[p.i * C + p.j] + 1;
        first[n.i * C + n.j] = p == from ? k : first[p.i * C + p.j];
        bool wanted = c.bonus != NoBonus or (want_weapons and c.weapon != NoWeapon);
        if (wanted and not taken.count(n)) {
          taken.insert(n);
          return first[n.i * C + n.j];
        }
        q.push(n);
      }
    }
    return -1;
  }

  virtual void play () {
    const Dir dirs[4] = {Down, Right, Up, Left};
    taken.clear();
    for (int id : warriors(me())) {
      int k = first_step(citizen(id).pos, false);
      if (k != -1) move(id, dirs[k]);
    }
    for (int id : builders(me())) {
      int k = first_step(citizen(id).pos, false);
      if (k != -1) move(id, dirs[k]);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
