#include "Player.hh"

// Reference player (Dummy calibration, docs/games/walking-dead.md): a fighter that chases weak
// units. Each unit attacks an adjacent zombie or an adjacent enemy of the weakest enemy clan (or
// any enemy no stronger than its own clan); else it takes a shortest path to the nearest alive unit
// of the weakest enemy clan, else to the nearest zombie, else to food.
#define PLAYER_NAME WdChaser

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  typedef vector<int> VI;

  // 0: a unit of clan `prey`; 1: a zombie; 2: food.
  bool wanted (Pos n, int kind, int prey) {
    Cell c = cell(n);
    if (kind == 2) return c.food;
    if (c.id == -1) return false;
    Unit u = unit(c.id);
    if (kind == 1) return u.type == Zombie;
    return u.type == Alive and u.player == prey;
  }

  int first_step (Pos from, int kind, int prey) {
    const Dir dirs[4] = {Down, Right, Up, Left};
    int R = board_rows(), C = board_cols();
    VI first(R * C, -2);
    queue<Pos> q;
    first[from.i * C + from.j] = -1;
    q.push(from);
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      for (int k = 0; k < 4; ++k) {
        Pos n = p + dirs[k];
        if (not pos_ok(n) or first[n.i * C + n.j] != -2) continue;
        Cell c = cell(n);
        if (c.type == Waste) continue;
        first[n.i * C + n.j] = p == from ? k : first[p.i * C + p.j];
        if (wanted(n, kind, prey)) return first[n.i * C + n.j];
        if (c.id == -1) q.push(n);
      }
    }
    return -1;
  }

  virtual void play () {
    const Dir dirs[4] = {Down, Right, Up, Left};
    int mine = strength(me());
    int prey = -1;
    for (int pl = 0; pl < num_players(); ++pl)
      if (pl != me() and not alive_units(pl).empty() and (prey == -1 or strength(pl) < strength(prey))) prey = pl;
    for (int id : alive_units(me())) {
      Pos p = unit(id).pos;
      int target = -1;
      for (int k = 0; k < 4 and target == -1; ++k) {
        Pos n = p + dirs[k];
        if (not pos_ok(n) or cell(n).id == -1) continue;
        Unit u = unit(cell(n).id);
        if (u.type == Zombie) target = k;
        else if (u.type == Alive and u.player != me() and (u.player == prey or strength(u.player) <= mine)) target = k;
      }
      for (int kind = 0; kind < 3 and target == -1; ++kind)
        if (kind != 0 or prey != -1) target = first_step(p, kind, prey);
      if (target != -1) move(id, dirs[target]);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
