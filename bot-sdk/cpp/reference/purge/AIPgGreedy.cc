#include "Player.hh"

// Reference player (Dummy calibration, docs/games/purge.md): looks one cell around. By night a
// warrior attacks an adjacent rival; every citizen steps onto adjacent money or food (a warrior
// also onto a gun or a bazooka), else onto a random street cell.
#define PLAYER_NAME PgGreedy

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  void step (int id, bool warrior) {
    const Dir dirs[4] = {Down, Right, Up, Left};
    Pos p = citizen(id).pos;
    vector<Dir> streets;
    for (Dir d : dirs) {
      Pos n = p + d;
      if (not pos_ok(n)) continue;
      Cell c = cell(n);
      if (c.type == Building) continue;
      if (warrior and is_night() and c.id != -1 and citizen(c.id).player != me()) {
        move(id, d);
        return;
      }
      if (c.id == -1 and (c.bonus != NoBonus or (warrior and c.weapon != NoWeapon))) {
        move(id, d);
        return;
      }
      streets.push_back(d);
    }
    if (not streets.empty()) move(id, streets[random(0, streets.size() - 1)]);
  }

  virtual void play () {
    for (int id : warriors(me())) step(id, true);
    for (int id : builders(me())) step(id, false);
  }
};

RegisterPlayer(PLAYER_NAME);
