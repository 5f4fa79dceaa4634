#include "Player.hh"

/**
 * Arena's demo player for Ork Island, written in the style of the Jutge kit: copy this file to
 * AIYourName.cc, change PLAYER_NAME, and build it with
 *
 *   arena build AIYourName.cc --game ork-island -o YourName.wasm
 *
 * Every round it computes, for every cell, how much it costs (health, plus one per step) to
 * reach the nearest city or path cell it does not own. Then each ork, in a random order:
 *   1. fights the weakest adjacent enemy it beats (its health after paying for the enemy's cell
 *      is strictly greater than the enemy's);
 *   2. otherwise stays if it stands on a city or path it does not own yet (it counts towards
 *      conquering it), or if it is the only one of ours on a city or path we own (it guards it);
 *   3. otherwise takes the cheapest safe step towards a city or path we do not own, or failing
 *      that any safe step. A step is safe if the ork can pay for the cell (health never drops
 *      below 0), no ork of ours is there or going there, and no adjacent enemy would beat it
 *      there.
 */
#define PLAYER_NAME Demo

struct PLAYER_NAME : public Player {
  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory() {
    return new PLAYER_NAME;
  }

  const int INF = INT_MAX / 2;

  vector<int> dist;        // per cell (row-major): cost to reach a cell we want, INF if none
  vector<bool> taken;      // per cell: one of our orks stands there or is going there
  vector<int> city_orks;   // per city: how many of our orks stand on it
  vector<int> path_orks;   // per path: the same

  int index(Pos p) {
    return p.i * cols() + p.j;
  }

  // A city or path cell that we do not own.
  bool wanted(const Cell& c) {
    if (c.type == CITY) return city_owner(c.city_id) != me();
    if (c.type == PATH) return path_owner(c.path_id) != me();
    return false;
  }

  // Dijkstra from every wanted cell at once. Stepping into a cell costs its health cost plus one,
  // so dist[x] is what the cheapest walk from x to a wanted cell costs.
  void compute_distances() {
    dist.assign(rows() * cols(), INF);
    priority_queue<pair<int, int>, vector<pair<int, int>>, greater<pair<int, int>>> queue;
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j)
        if (wanted(cell(i, j))) {
          dist[index(Pos(i, j))] = 0;
          queue.push({0, index(Pos(i, j))});
        }
    while (not queue.empty()) {
      auto [d, k] = queue.top();
      queue.pop();
      if (d > dist[k]) continue;
      Pos y(k / cols(), k % cols());
      int step = cost(cell(y).type) + 1;
      for (int r = 0; r < 4; ++r) {
        Pos x = y + Dir(r);
        if (not pos_ok(x) or cell(x).type == WATER) continue;
        if (d + step < dist[index(x)]) {
          dist[index(x)] = d + step;
          queue.push({d + step, index(x)});
        }
      }
    }
  }

  // Whether an enemy next to p would win a fight against one of our orks with health h on p.
  bool threatened(Pos p, int h) {
    int price = cost(cell(p).type);
    for (int r = 0; r < 4; ++r) {
      Pos q = p + Dir(r);
      if (not pos_ok(q)) continue;
      int id = cell(q).unit_id;
      if (id != -1 and unit(id).player != me() and unit(id).health - price > h) return true;
    }
    return false;
  }

  void go(int id, Dir d) {
    // The cell it leaves stays taken: moves run in a random order, so another ork of ours
    // stepping in might find it still there.
    taken[index(unit(id).pos + d)] = true;
    execute(Command(id, d));
  }

  void play_ork(int id) {
    const Unit& u = unit(id);
    const Cell& here = cell(u.pos);

    // 1. The weakest adjacent enemy that we beat.
    Dir attack = NONE;
    int weakest = INT_MAX;
    for (int r = 0; r < 4; ++r) {
      Pos p = u.pos + Dir(r);
      if (not pos_ok(p) or cell(p).type == WATER) continue;
      int other = cell(p).unit_id;
      if (other == -1 or unit(other).player == me()) continue;
      int h = u.health - cost(cell(p).type);
      if (h > unit(other).health and unit(other).health < weakest) {
        weakest = unit(other).health;
        attack = Dir(r);
      }
    }
    if (attack != NONE) {
      go(id, attack);
      return;
    }

    // 2. Conquer or guard.
    if (wanted(here)) return;
    if (here.type == CITY and city_orks[here.city_id] == 1) return;
    if (here.type == PATH and path_orks[here.path_id] == 1) return;

    // 3. The cheapest safe step towards what we want, or any safe step.
    Dir best = NONE;
    int best_dist = INF + 1;
    vector<Dir> safe;
    for (int r = 0; r < 4; ++r) {
      Pos p = u.pos + Dir(r);
      if (not pos_ok(p) or cell(p).type == WATER) continue;
      if (cell(p).unit_id != -1 or taken[index(p)]) continue;
      int h = u.health - cost(cell(p).type);
      if (h < 0 or threatened(p, h)) continue;
      safe.push_back(Dir(r));
      if (dist[index(p)] < best_dist) {
        best_dist = dist[index(p)];
        best = Dir(r);
      }
    }
    if (best != NONE and best_dist < dist[index(u.pos)]) go(id, best);
    else if (not safe.empty()) go(id, safe[random(0, int(safe.size()) - 1)]);
  }

  /**
   * Play method, invoked once per each round.
   */
  virtual void play() {
    compute_distances();
    vector<int> mine = orks(me());
    taken.assign(rows() * cols(), false);
    city_orks.assign(nb_cities(), 0);
    path_orks.assign(nb_paths(), 0);
    for (int id : mine) {
      const Cell& c = cell(unit(id).pos);
      taken[index(unit(id).pos)] = true;
      if (c.type == CITY) ++city_orks[c.city_id];
      if (c.type == PATH) ++path_orks[c.path_id];
    }
    vector<int> order = random_permutation(int(mine.size()));
    for (int k : order) play_ork(mine[k]);
  }
};

/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
