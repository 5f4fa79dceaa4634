#include "Player.hh"

/**
 * Corpus player for `arena build --game purge`, in the style of the kit's example: by day its
 * builders step onto money or food next to them or build toward a random direction, by night its
 * warriors wander; it prints its barricades on cerr as the kit's example does.
 */
#define PLAYER_NAME Demo

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  const vector<Dir> dirs = {Up, Down, Left, Right};

  virtual void play () {
    if (status(me()) >= 0.9) return;
    vector<Pos> bs = barricades(me());
    if (round() % 50 == 10) cerr << "round " << round() << ": " << bs.size() << " barricades" << endl;
    if (is_day()) {
      for (int id : builders(me())) {
        Pos p = citizen(id).pos;
        bool done = false;
        for (Dir d : dirs) {
          if (not done and pos_ok(p + d) and cell(p + d).bonus != NoBonus) {
            move(id, d);
            done = true;
          }
        }
        if (not done) {
          Dir d = dirs[random(0, 3)];
          if (random(0, 1) == 0) build(id, d);
          else move(id, d);
        }
      }
    }
    else {
      for (int id : warriors(me())) {
        Dir d = dirs[random(0, 3)];
        Pos np = citizen(id).pos + d;
        if (pos_ok(np) and cell(np).type == Street) move(id, d);
      }
    }
  }
};

RegisterPlayer(PLAYER_NAME);
