#include "Player.hh"

// Reference player (Dummy calibration, docs/games/purge.md): PgHunter, and its builders shelter
// at night: by day each builder collects, and in the last rounds of the day builds (then
// reinforces) a barricade next to it and steps in; by night a builder on its own barricade stays
// there, and its warriors never step next to a rival warrior with a stronger weapon.
#define PLAYER_NAME PgSolid

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  set<Pos> taken;

  bool wanted (const Cell& c, int what, WeaponType w) {
    if (what == 2) return c.id != -1 and citizen(c.id).player != me() and c.b_owner == -1;
    if (c.id != -1) return false;
    if (c.bonus != NoBonus) return true;
    return what == 1 and c.weapon != NoWeapon and strongestWeapon(c.weapon, w) != w;
  }

  // Whether a rival warrior stronger than w stands next to p.
  bool threatened (Pos p, WeaponType w) {
    const Dir dirs[4] = {Down, Right, Up, Left};
    for (Dir d : dirs) {
      Pos n = p + d;
      if (not pos_ok(n) or cell(n).id == -1) continue;
      Citizen v = citizen(cell(n).id);
      if (v.player != me() and v.type == Warrior and weapon_strength_attack(v.weapon) > weapon_strength_attack(w))
        return true;
    }
    return false;
  }

  int first_step (Pos from, int what, WeaponType w, bool careful) {
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
        if (careful and p == from and c.id == -1 and threatened(n, w)) continue;
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

  void builder (int id, int& barricades_left) {
    const Dir dirs[4] = {Down, Right, Up, Left};
    Citizen u = citizen(id);
    Cell here = cell(u.pos);
    int in_day = round() % num_rounds_per_day();
    int day_end = num_rounds_per_day() / 2;
    if (is_night()) {
      if (here.b_owner == me()) return;
      for (int k = 0; k < 4; ++k) {
        Cell c = cell(u.pos + dirs[k]);
        if (pos_ok(u.pos + dirs[k]) and c.b_owner == me() and c.id == -1) {
          move(id, dirs[k]);
          return;
        }
      }
    } else if (in_day >= day_end - 8 and here.b_owner == -1) {
      // Build or reinforce next to it; step in on the last day round.
      for (int k = 0; k < 4; ++k) {
        Pos n = u.pos + dirs[k];
        if (not pos_ok(n)) continue;
        Cell c = cell(n);
        if (c.b_owner == me() and c.id == -1) {
          if (in_day == day_end - 1 or c.resistance >= barricade_max_resistance()) move(id, dirs[k]);
          else build(id, dirs[k]);
          return;
        }
      }
      if (barricades_left > 0) {
        for (int k = 0; k < 4; ++k) {
          Pos n = u.pos + dirs[k];
          if (pos_ok(n) and cell(n).is_empty()) {
            build(id, dirs[k]);
            --barricades_left;
            return;
          }
        }
      }
    }
    int k = first_step(u.pos, 0, NoWeapon, is_night());
    if (k != -1) move(id, dirs[k]);
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
        if (k == -1) k = first_step(u.pos, 2, u.weapon, true);
      }
      if (k == -1) k = first_step(u.pos, 1, u.weapon, is_night());
      if (k != -1) move(id, dirs[k]);
    }
    int barricades_left = max_num_barricades() - int(barricades(me()).size());
    for (int id : builders(me())) builder(id, barricades_left);
  }
};

RegisterPlayer(PLAYER_NAME);
