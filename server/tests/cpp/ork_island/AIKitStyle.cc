#include "Player.hh"
#include <bits/stdc++.h>
using namespace std;

/**
 * A test player for `arena build --game ork-island`, written the way Jutge kit players are:
 * standard library everywhere, typedefs, copies of the kit's structs, a BFS over Pos, cerr
 * debugging, random_shuffle. It calls every name of the kit's player API (Settings, State,
 * Action, Player, the enums and structs), must compile unchanged and play a whole match without
 * being frozen.
 */
#define PLAYER_NAME KitStyle

struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef vector<int> VI;
  typedef vector<VI> VVI;

  const vector<Dir> dirs = {BOTTOM, RIGHT, TOP, LEFT};
  set<Pos> claimed;          // targets taken this round
  int last_score = 0;

  // The kit's settings, read once.
  bool settings_ok () {
    if (nb_players() != 4 or rows() != cols() or nb_rounds() < 1) return false;
    if (initial_health() <= 0 or nb_orks() < 1) return false;
    if (cost(GRASS) != cost_grass() or cost(FOREST) != cost_forest() or cost(SAND) != cost_sand()) return false;
    if (cost(CITY) != cost_city() or cost(PATH) != cost_path()) return false;
    if (bonus_per_city_cell() < 0 or bonus_per_path_cell() < 0 or factor_connected_component() < 0) return false;
    return player_ok(me()) and not player_ok(nb_players()) and pos_ok(0, 0) and not pos_ok(Pos(-1, 0));
  }

  bool wanted (const Cell& c) {
    if (c.type == CITY) return city_owner(c.city_id) != me();
    if (c.type == PATH) return path_owner(c.path_id) != me();
    return false;
  }

  // BFS from p to the nearest wanted cell not claimed; returns the first step, NONE if none.
  Dir bfs (Pos p) {
    VVI dist(rows(), VI(cols(), -1));
    vector<vector<Dir>> first(rows(), vector<Dir>(cols(), NONE));
    queue<Pos> q;
    dist[p.i][p.j] = 0;
    q.push(p);
    while (not q.empty()) {
      Pos x = q.front(); q.pop();
      if (x != p and wanted(cell(x)) and not claimed.count(x)) {
        claimed.insert(x);
        return first[x.i][x.j];
      }
      if (dist[x.i][x.j] > 50) continue;
      for (Dir d : dirs) {
        Pos y = x + d;
        if (not pos_ok(y.i, y.j) or dist[y.i][y.j] != -1) continue;
        Cell c = cell(y.i, y.j);
        if (c.type == WATER) continue;
        if (c.unit_id != -1 and unit(c.unit_id).player == me()) continue;
        dist[y.i][y.j] = dist[x.i][x.j] + 1;
        first[y.i][y.j] = (x == p ? d : first[x.i][x.j]);
        q.push(y);
      }
    }
    return NONE;
  }

  /**
   * Play method, invoked once per each round.
   */
  virtual void play () {
    if (round() == 0) {
      _my_assert(settings_ok(), "settings");
      int city_cells = 0, path_cells = 0;
      for (int k = 0; k < nb_cities(); ++k) { City c = city(k); city_cells += c.size(); }
      for (int k = 0; k < nb_paths(); ++k) { Path p = path(k); path_cells += p.second.size(); }
      cerr << nb_cities() << " cities (" << city_cells << " cells), " << nb_paths() << " paths ("
           << path_cells << " cells), " << nb_units() << " orks" << endl;
    }
    if (status(me()) > 0.95) return;  // keep some CPU for later rounds

    claimed.clear();
    VI ids = orks(me());
    random_shuffle(ids.begin(), ids.end());  // C++14 code still compiles

    for (int id : ids) {
      Unit u = unit(id);
      _my_assert(u.id == id and u.player == me(), "my ork");

      // Fight the first adjacent enemy we beat.
      Dir attack = NONE;
      for (Dir d : dirs) {
        Pos n = u.pos;
        n += d;
        if (not pos_ok(n) or cell(n).type == WATER) continue;
        int other = cell(n).unit_id;
        if (other != -1 and unit(other).player != me() and u.health - cost(cell(n).type) > unit(other).health) {
          attack = d;
          break;
        }
      }
      if (attack != NONE) {
        execute(Command{id, attack});
        continue;
      }
      if (wanted(cell(u.pos))) continue;  // stay to conquer it

      Dir d = bfs(u.pos);
      if (d == NONE) d = dirs[random(0, 3)];
      Pos to = u.pos + d;
      // Never a step that kills: WATER is never entered, and health must stay >= 0.
      if (pos_ok(to) and cell(to).type != WATER and u.health - cost(cell(to).type) >= 0)
        execute(Command(id, d));
    }

    int score = max(total_score(me()), 0);
    _my_assert(score >= last_score, "scores never go down");
    last_score = score;
    if (round() % 50 == 0) {
      vector<int> perm = random_permutation(nb_players());
      Pos corner = Pos(0, 0) + Pos(rows() - 1, cols() - 1);
      cerr << "round " << round() << ": score " << score << ", " << ids.size() << " orks, cpu "
           << status(me()) << ", corner " << corner << ", first " << perm[0]
           << (Pos(0, 1) < corner ? "" : " (?)") << endl;
    }
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
