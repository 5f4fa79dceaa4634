#include "Player.hh"

// Reference player (Dummy calibration, docs/games/walking-dead.md): WdHunter with a plan. Kills
// adjacent zombies first; attacks adjacent enemies of a clan no stronger than its own; sends
// each food item one unit (the nearest free one within 20 steps); otherwise walks to the
// nearest cell it does not own.
#define PLAYER_NAME WdPlanner

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  typedef vector<int> VI;

  const Dir dirs[4] = {Down, Right, Up, Left};

  bool walkable (Pos n) {
    if (not pos_ok(n)) return false;
    Cell c = cell(n);
    return c.type == Street and c.id == -1;
  }

  // First step toward the nearest cell satisfying `goal` (not through units); -1 if none.
  template <class F>
  int first_step (Pos from, F goal, int limit) {
    int R = board_rows(), C = board_cols();
    VI dist(R * C, -1), first(R * C, -1);
    queue<Pos> q;
    dist[from.i * C + from.j] = 0;
    q.push(from);
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      if (dist[p.i * C + p.j] >= limit) continue;
      for (int k = 0; k < 4; ++k) {
        Pos n = p + dirs[k];
        if (not walkable(n) or dist[n.i * C + n.j] != -1) continue;
        dist[n.i * C + n.j] = dist[p.i * C + p.j] + 1;
        first[n.i * C + n.j] = p == from ? k : first[p.i * C + p.j];
        if (goal(n)) return first[n.i * C + n.j];
        q.push(n);
      }
    }
    return -1;
  }

  virtual void play () {
    int mine = strength(me());
    set<int> busy;
    // Each food item: the nearest alive unit of mine goes for it.
    VI alive = alive_units(me());
    map<int, int> plan;  // unit -> direction
    for (int i = 0; i < board_rows(); ++i)
      for (int j = 0; j < board_cols(); ++j) {
        if (not cell(i, j).food) continue;
        int best = -1, best_d = 1 << 30, best_k = -1;
        for (int id : alive) {
          if (busy.count(id)) continue;
          Pos p = unit(id).pos;
          int d = abs(p.i - i) + abs(p.j - j);
          if (d < best_d and d <= 20) best = id, best_d = d;
        }
        if (best == -1) continue;
        Pos target(i, j);
        best_k = first_step(unit(best).pos, [&](Pos n) { return n == target; }, 40);
        if (best_k != -1) {
          busy.insert(best);
          plan[best] = best_k;
        }
      }
    for (int id : alive) {
      Pos p = unit(id).pos;
      int target = -1;
      for (int k = 0; k < 4 and target == -1; ++k) {
        Pos n = p + dirs[k];
        if (not pos_ok(n) or cell(n).id == -1) continue;
        Unit u = unit(cell(n).id);
        if (u.type == Zombie) target = k;
        else if (u.type == Alive and u.player != me() and strength(u.player) <= mine) target = k;
      }
      if (target == -1 and plan.count(id)) target = plan[id];
      if (target == -1) target = first_step(p, [&](Pos n) { return cell(n).owner != me(); }, 30);
      if (target != -1) move(id, dirs[target]);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
