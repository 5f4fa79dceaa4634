// RefGreedy: reference player, cost class "greedy local" (light).
// Each unit looks only at its four neighbours and at the list of cities:
// it attacks the weakest adjacent enemy, stays on a city or path it does not
// own yet, and otherwise steps towards the nearest city cell it does not own
// (Manhattan distance, no search), with a random step when blocked.
#include "Player.hh"

#define PLAYER_NAME RefGreedy

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  int manhattan (Pos a, Pos b) {
    return abs(a.i - b.i) + abs(a.j - b.j);
  }

  bool free_cell (Pos p) {
    if (not pos_ok(p)) return false;
    Cell c = cell(p);
    return c.type != WALL and c.unit_id == -1;
  }

  void play_unit (int id) {
    Unit u = unit(id);

    // 1. Attack the weakest adjacent enemy.
    int best_dir = -1, best_health = INT_MAX;
    for (int d = 0; d < 4; ++d) {
      Pos q = u.pos + Dir(d);
      if (not pos_ok(q)) continue;
      Cell c = cell(q);
      if (c.unit_id != -1) {
        Unit e = unit(c.unit_id);
        if (e.player != me() and e.health < best_health) {
          best_health = e.health;
          best_dir = d;
        }
      }
    }
    if (best_dir != -1) {
      move(id, Dir(best_dir));
      return;
    }

    // 2. Stay where we are conquering.
    Cell here = cell(u.pos);
    if (here.type == CITY and city_owner(here.city_id) != me()) return;
    if (here.type == PATH and path_owner(here.path_id) != me()) return;

    // 3. Nearest city cell not ours, by Manhattan distance.
    Pos target = u.pos;
    int best = INT_MAX;
    for (int c = 0; c < nb_cities(); ++c) {
      if (city_owner(c) == me()) continue;
      vector<Pos> cc = city(c);
      for (int k = 0; k < (int)cc.size(); ++k) {
        int d = manhattan(u.pos, cc[k]);
        if (d < best) {
          best = d;
          target = cc[k];
        }
      }
    }
    if (best == INT_MAX) {
      move(id, Dir(random(0, 3)));
      return;
    }

    // 4. A step that gets closer, else a random free step.
    vector<int> dirs;
    for (int d = 0; d < 4; ++d) {
      Pos q = u.pos + Dir(d);
      if (free_cell(q) and manhattan(q, target) < best) dirs.push_back(d);
    }
    if (not dirs.empty()) move(id, Dir(dirs[random(0, dirs.size() - 1)]));
    else move(id, Dir(random(0, 3)));
  }

  virtual void play () {
    vector<int> my = my_units(me());
    for (int k = 0; k < (int)my.size(); ++k) play_unit(my[k]);
  }

};

RegisterPlayer(PLAYER_NAME);
