#include "Player.hh"

// Reference player (Dummy calibration, docs/games/purge.md): hoards what it has. By day every
// citizen fetches money or food within 6 steps (BFS around buildings, citizens and rival
// barricades; one citizen per item), else stays; in the second half of each day each builder
// builds a barricade next to it and reinforces it up to the maximum, and by night it stays in
// it (or walks into the nearest free one of its clan). Its warriors never move by night: it
// risks no fight, on purpose or by chance.
#define PLAYER_NAME PgHoarder

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  set<Pos> taken;

  // 0: money or food within 6 steps; 1: a free barricade of ours (no bound).
  int first_step (Pos from, int what) {
    const Dir dirs[4] = {Down, Right, Up, Left};
    int R = board_rows(), C = board_cols();
    vector<int> dist(R * C, -1), first(R * C, -1);
    queue<Pos> q;
    dist[from.i * C + from.j] = 0;
    q.push(from);
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      if (what == 0 and dist[p.i * C + p.j] >= 6) continue;
      for (int k = 0; k < 4; ++k) {
        Pos n = p + dirs[k];
        if (not pos_ok(n) or dist[n.i * C + n.j] != -1) continue;
        Cell c = cell(n);
        if (c.type == Building or c.id != -1) continue;
        if (c.b_owner != -1 and c.b_owner != me()) continue;
        dist[n.i * C + n.j] = dist[p.i * C + p.j] + 1;
        first[n.i * C + n.j] = p == from ? k : first[p.i * C + p.j];
        bool wanted = what == 0 ? c.bonus != NoBonus : c.b_owner == me();
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
    int half = num_rounds_per_day() / 2;
    bool late = is_day() and round() % num_rounds_per_day() >= half / 2;
    int own = barricades(me()).size();
    if (is_day()) {
      for (int id : warriors(me())) {
        int k = first_step(citizen(id).pos, 0);
        if (k != -1) move(id, dirs[k]);
      }
    }
    for (int id : builders(me())) {
      Citizen u = citizen(id);
      Cell here = cell(u.pos);
      if (is_night()) {
        if (here.b_owner == me()) continue;
        int k = first_step(u.pos, 1);
        if (k != -1) move(id, dirs[k]);
        continue;
      }
      if (late and here.b_owner == -1) {
        int k = -1;
        for (int d = 0; d < 4 and k == -1; ++d) {
          Pos n = u.pos + dirs[d];
          if (not pos_ok(n)) continue;
          Cell c = cell(n);
          if (c.b_owner == me() and c.id == -1 and c.resistance < barricade_max_resistance()) k = d;
        }
        for (int d = 0; d < 4 and k == -1 and own < max_num_barricades(); ++d) {
          Pos n = u.pos + dirs[d];
          if (pos_ok(n) and cell(n).is_empty()) {
            k = d;
            ++own;
          }
        }
        if (k != -1) {
          build(id, dirs[k]);
          continue;
        }
        if (round() % num_rounds_per_day() >= half - 3) {
          k = first_step(u.pos, 1);
          if (k != -1) {
            move(id, dirs[k]);
            continue;
          }
        }
      }
      if (here.b_owner == me()) continue;
      int k = first_step(u.pos, 0);
      if (k != -1) move(id, dirs[k]);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
