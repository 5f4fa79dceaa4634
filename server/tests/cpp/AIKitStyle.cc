#include "Player.hh"
#include <bits/stdc++.h>
using namespace std;

/**
 * A test player for `arena build`, written the way Jutge kit players are: standard library
 * everywhere, typedefs, a BFS over Pos, cerr debugging, the kit's random(), status(), Pos
 * arithmetic. It must compile unchanged and play a whole match without being frozen.
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
  typedef pair<int, int> PII;

  const vector<Dir> dirs = {BOTTOM, RIGHT, TOP, LEFT};
  map<int, Pos> target;      // unit id -> where it is going
  set<Pos> claimed;          // targets taken this round
  int last_score = 0;

  bool wanted (const Cell& c) {
    if (c.type == CITY) return city_owner(c.city_id) != me();
    if (c.type == PATH) return path_owner(c.path_id) != me();
    return c.mask;
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
        target[cell(p).unit_id] = x;
        return first[x.i][x.j];
      }
      if (dist[x.i][x.j] > 40) continue;
      for (Dir d : dirs) {
        Pos y = x + d;
        if (not pos_ok(y) or dist[y.i][y.j] != -1) continue;
        const Cell& c = cell(y);
        if (c.type == WALL) continue;
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
    if (status(me()) > 0.95) return;  // keep some CPU for later rounds

    claimed.clear();
    VI ids = my_units(me());
    random_shuffle(ids.begin(), ids.end());  // C++14 code still compiles

    // Attack first: adjacent enemies, weakest first.
    priority_queue<pair<int, PII>, vector<pair<int, PII>>, greater<pair<int, PII>>> attacks;
    for (int id : ids) {
      Unit u = unit(id);
      for (int k = 0; k < 4; ++k) {
        Pos n = u.pos;
        n += dirs[k];
        if (not pos_ok(n)) continue;
        int other = cell(n).unit_id;
        if (other != -1 and unit(other).player != me()) attacks.push({unit(other).health, {id, k}});
      }
    }
    set<int> busy;
    while (not attacks.empty()) {
      auto a = attacks.top(); attacks.pop();
      int id = a.second.first;
      if (busy.count(id)) continue;
      busy.insert(id);
      execute(Command(id, dirs[a.second.second]));
    }

    for (int id : ids) {
      if (busy.count(id)) continue;
      Dir d = bfs(unit(id).pos);
      if (d == NONE) d = dirs[random(0, 3)];
      move(id, d);
    }

    int score = max(total_score(me()), 0);
    _my_assert(score >= last_score, "scores never go down");
    last_score = score;
    if (round() % 50 == 0) {
      Pos corner = Pos(0, 0) + Pos(rows() - 1, cols() - 1);
      cerr << "round " << round() << ": score " << score << ", " << ids.size()
           << " units, cpu " << status(me()) << ", corner " << corner << endl;
    }
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
