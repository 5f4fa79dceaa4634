#include "Player.hh"

// Reference player (Dummy calibration, docs/games/mad-max.md): looks one cell around. A warrior
// attacks an adjacent rival warrior, else stays on a city cell, else steps onto an adjacent free
// city cell, else onto a random free cell; nobody ever goes to drink. A car runs over an adjacent
// rival warrior, else steps onto the free cell nearest, as the crow flies, to a rival warrior
// outside the cities.
#define PLAYER_NAME MmGreedy

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  bool walk (CellType t) { return t == Desert or t == Road or t == City; }
  bool drive (CellType t) { return t == Desert or t == Road; }

  bool prey (int id) {
    Unit v = unit(id);
    return v.player != me() and v.type == Warrior and cell(v.pos).type != City;
  }

  int far (Pos p, const vector<Pos>& targets) {
    int d = 1000;
    for (Pos t : targets) d = min(d, max(abs(t.i - p.i), abs(t.j - p.j)));
    return d;
  }

  void step (int id, const vector<Pos>& targets) {
    Unit u = unit(id);
    bool car = u.type == Car;
    if (not car and cell(u.pos).type == City) {
      for (int k = 0; k < 8; ++k) {
        Pos n = u.pos + Dir(k);
        if (pos_ok(n) and cell(n).id != -1 and unit(cell(n).id).player != me()
            and unit(cell(n).id).type == Warrior) {
          command(id, Dir(k));
          return;
        }
      }
      return;
    }
    vector<int> free, city;
    int best = 1000, bd = -1;
    for (int k = 0; k < 8; ++k) {
      Pos n = u.pos + Dir(k);
      if (not pos_ok(n)) continue;
      Cell c = cell(n);
      if (not (car ? drive(c.type) : walk(c.type))) continue;
      if (c.id != -1) {
        Unit v = unit(c.id);
        if (v.player != me() and v.type == Warrior) {
          command(id, Dir(k));
          return;
        }
        continue;
      }
      free.push_back(k);
      if (c.type == City) city.push_back(k);
      int d = far(n, targets);
      if (d < best) { best = d; bd = k; }
    }
    if (car and bd != -1) command(id, Dir(bd));
    else if (not city.empty()) command(id, Dir(city[random(0, city.size() - 1)]));
    else if (not free.empty()) command(id, Dir(free[random(0, free.size() - 1)]));
  }

  virtual void play () {
    vector<Pos> targets;
    for (int id = 0; id < nb_units(); ++id)
      if (prey(id)) targets.push_back(unit(id).pos);
    for (int id : warriors(me()))
      if (can_move(id)) step(id, targets);
    for (int id : cars(me()))
      if (can_move(id)) step(id, targets);
  }
};

RegisterPlayer(PLAYER_NAME);
