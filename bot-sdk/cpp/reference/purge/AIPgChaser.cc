#include "Player.hh"

// Reference player (Dummy calibration, docs/games/purge.md): a fighter that chases weak units.
// By night each warrior attacks the weakest adjacent rival it would beat (weaker weapon, or the
// same and less life; builders are the weakest), else takes the first step of a BFS (through free
// cells, around its own citizens and rival barricades) to the nearest such rival off barricades.
// By day its warriors fetch stronger weapons, else food when hurt; builders fetch money or food
// (one citizen per item) and never build.
#define PLAYER_NAME PgChaser

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  set<Pos> taken;

  int strength (const Citizen& c) {
    return c.type == Builder ? builder_strength_attack() : weapon_strength_attack(c.weapon);
  }

  // True if u beats v in expectation: stronger, or as strong with more life.
  bool prey (const Citizen& u, const Citizen& v) {
    if (v.player == me()) return false;
    if (strength(u) != strength(v)) return strength(u) > strength(v);
    return u.life > v.life;
  }

  // 0: a rival u beats, off barricades; 1: a stronger weapon; 2: food; 3: money or food.
  bool wanted (const Cell& c, const Citizen& u, int what) {
    if (what == 0) return c.id != -1 and c.resistance == -1 and prey(u, citizen(c.id));
    if (c.id != -1) return false;
    if (what == 1) return c.weapon != NoWeapon and strongestWeapon(c.weapon, u.weapon) != u.weapon;
    if (what == 2) return c.bonus == Food;
    return c.bonus != NoBonus;
  }

  int first_step (const Citizen& u, int what) {
    const Dir dirs[4] = {Down, Right, Up, Left};
    int R = board_rows(), C = board_cols();
    vector<int> dist(R * C, -1), first(R * C, -1);
    queue<Pos> q;
    dist[u.pos.i * C + u.pos.j] = 0;
    q.push(u.pos);
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
        first[n.i * C + n.j] = p == u.pos ? k : first[p.i * C + p.j];
        if (wanted(c, u, what) and (what == 0 or not taken.count(n))) {
          if (what != 0) taken.insert(n);
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
        int weakest = -1;
        for (int d = 0; d < 4; ++d) {
          Pos n = u.pos + dirs[d];
          if (not pos_ok(n) or cell(n).id == -1) continue;
          Citizen v = citizen(cell(n).id);
          if (not prey(u, v)) continue;
          int s = strength(v) * 1000 + v.life;
          if (k == -1 or s < weakest) {
            k = d;
            weakest = s;
          }
        }
        if (k == -1) k = first_step(u, 0);
      }
      else {
        k = first_step(u, 1);
        if (k == -1 and u.life < warrior_ini_life()) k = first_step(u, 2);
      }
      if (k != -1) move(id, dirs[k]);
    }
    for (int id : builders(me())) {
      int k = first_step(citizen(id), 3);
      if (k != -1) move(id, dirs[k]);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
