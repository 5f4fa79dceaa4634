#include "Player.hh"

// Reference player (Dummy calibration, docs/games/purge.md): PgCollector's builders; its
// warriors pick up better weapons and money by day, and by night attack an adjacent rival no
// stronger than themselves, else walk to the nearest rival citizen off barricades.
#define PLAYER_NAME PgHunter

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  set<Pos> taken;

  // What a BFS looks for: 0 money or food, 1 also weapons stronger than w, 2 rival citizens.
  bool wanted (const Cell& c, int what, WeaponType w) {
    if (what == 2) return c.id != -1 and citizen(c.id).player != me() and c.b_owner == -1;
    if (c.id != -1) return false;
    if (c.bonus != NoBonus) return true;
    return what == 1 and c.weapon != NoWeapon and strongestWeapon(c.weapon, w) != w;
  }

  int first_step (Pos from, int what, WeaponType w) {
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
        if (c.type == Building) continue;
        if (c.b_owner != -1 and c.b_owner != me()) continue;
        dist[n.i * C + n.j] = dist[p.i * C + p.j] + 1;
        first[n.i * C + n.j] = p == from ? k : first[p.i * C + p.j];
        if (wanted(c, what, w) and not taken.count(n)) {
          taken.insert(n);
          return first[n.i * C + n.j];
        }
        if (c.id == -1) q.push(n);
      }
    }
    return -1;
  }

  virtual void play () {
    const Dir dirs[4] = {Down, Right, Up, Left};
    taken.clear();
    for (int id : warriors(me())) {
      Citizen u = citizen(id);
      int k = -1;
      if (is_night()) {
        for (int d = 0; d < 4 and k == -1; ++d) {
          Pos n = u.pos + dirs[d];
          if (not pos_ok(n) or cell(n).id == -1) continue;
          Citizen v = citizen(cell(n).id);
          if (v.player != me() and weapon_strength_attack(v.weapon) <= weapon_strength_attack(u.weapon)) k = d;
        }
        if (k == -1) k = first_step(u.pos, 2, u.weapon);
      }
      if (k == -1) k = first_step(u.pos, 1, u.weapon);
      if (k != -1) move(id, dirs[k]);
    }
    for (int id : builders(me())) {
      int k = first_step(citizen(id).pos, 0, NoWeapon);
      if (k != -1) move(id, dirs[k]);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
