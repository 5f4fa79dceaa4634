#include "Player.hh"

/**
 * Corpus player for `arena build --game mad-max`, written in the kit's style: in its own rounds
 * its warriors, in a random order, step onto a neighbouring city cell when there is one, else
 * toward a random free neighbour, and stay at home once thirsty or hungry enough; every round
 * each car that can move drives, at random, onto a free road or desert cell next to it. It
 * prints a line on cerr every hundred rounds, as kit players often do.
 */
#define PLAYER_NAME Demo

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef vector<int> VI;

  map<int, int> moves_done; // per unit id, the orders it got

  bool free_for (UnitType t, Pos p) {
    if (not pos_ok(p)) return false;
    Cell c = cell(p);
    if (c.id != -1) return false;
    if (t == Car) return c.type == Desert or c.type == Road;
    return c.type == Desert or c.type == Road or c.type == City;
  }

  void move_warriors () {
    if (round()%4 != me()) return; // warriors only move in our own rounds
    VI w = warriors(me());
    VI perm = random_permutation(w.size());
    for (int k = 0; k < (int)w.size(); ++k) {
      int id = w[perm[k]];
      Unit u = unit(id);
      if (cell(u.pos).type == City and (u.food < 10 or random(0, 3) > 0)) {
        command(id, None); // stay and eat
        continue;
      }
      bool done = false;
      for (int d = 0; d < 8 and not done; ++d) {
        Pos p = u.pos + Dir(d);
        if (free_for(Warrior, p) and cell(p).type == City) {
          command(Movement(id, Dir(d)));
          done = true;
        }
      }
      for (int tries = 0; tries < 4 and not done; ++tries) {
        Dir d = Dir(random(0, 7));
        if (free_for(Warrior, u.pos + d)) {
          command(id, d);
          done = true;
        }
      }
      ++moves_done[id];
    }
  }

  void move_cars () {
    for (int id : cars(me())) {
      if (not can_move(id)) continue;
      Pos p = unit(id).pos;
      VI dirs = random_permutation(8);
      for (int d : dirs)
        if (free_for(Car, p + Dir(d))) {
          command(id, Dir(d));
          ++moves_done[id];
          break;
        }
    }
  }

  virtual void play () {
    move_warriors();
    move_cars();
    if (round()%100 == 0)
      cerr << "round " << round() << ": " << warriors(me()).size() << " warriors, "
           << cars(me()).size() << " cars, " << num_cities(me()) << " cities, score "
           << total_score(me()) << endl;
  }
};

RegisterPlayer(PLAYER_NAME);
