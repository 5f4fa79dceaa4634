#include "Player.hh"

// Reference player (Dummy calibration, docs/games/mad-max.md): MmSolid's drivers and soldiers
// without its plans. A warrior attacks an adjacent rival (in a city only when its water is at
// least the rival's), drinks and eats in time, else stays in its city or walks to the nearest
// city. A car runs over an adjacent rival warrior, refuels in time, else takes the shortest path
// that keeps away from rival cars to the nearest rival warrior outside the cities that no other
// car of mine hunts; it counts steps, not rounds (a car off the road moves only in its player's
// rounds).
#define PLAYER_NAME MmDriver

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  typedef vector<int> VI;
  const int INF = 1000000;

  bool ready = false;
  int R = 0, C = 0;
  vector<CellType> type;       // the board, row-major
  VI to_water, to_food, to_fuel;
  vector<bool> busy;           // cells with a unit, or where one of mine is going

  int idx (Pos p) const { return p.i * C + p.j; }
  bool walk (int k) const { return type[k] == Desert or type[k] == Road or type[k] == City; }
  bool drive (int k) const { return type[k] == Desert or type[k] == Road; }

  VI bfs (const vector<Pos>& from, bool car) {
    VI d(R * C, INF);
    queue<Pos> q;
    for (Pos p : from) if (d[idx(p)] == INF) { d[idx(p)] = 0; q.push(p); }
    while (not q.empty()) {
      Pos p = q.front(); q.pop();
      for (int k = 0; k < 8; ++k) {
        Pos n = p + Dir(k);
        if (not pos_ok(n) or d[idx(n)] != INF) continue;
        if (car ? not drive(idx(n)) : not walk(idx(n))) continue;
        d[idx(n)] = d[idx(p)] + 1;
        q.push(n);
      }
    }
    return d;
  }

  bool next_to (Pos p, CellType t) {
    for (int k = 0; k < 8; ++k) {
      Pos n = p + Dir(k);
      if (pos_ok(n) and type[idx(n)] == t) return true;
    }
    return false;
  }

  void setup () {
    ready = true;
    R = rows(); C = cols();
    type.resize(R * C);
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < C; ++j) type[i * C + j] = cell(i, j).type;
    vector<Pos> water, food, fuel;
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < C; ++j) {
        Pos p(i, j);
        if (walk(idx(p)) and next_to(p, Water)) water.push_back(p);
        if (drive(idx(p)) and next_to(p, Station)) fuel.push_back(p);
        if (type[idx(p)] == City) food.push_back(p);
      }
    to_water = bfs(water, false);
    to_food = bfs(food, false);
    to_fuel = bfs(fuel, true);
  }

  // The free neighbour that brings a warrior closest by D; -1: stay.
  int step (Pos p, const VI& D) {
    int best = D[idx(p)], bd = -1;
    for (int k : random_permutation(8)) {
      Pos n = p + Dir(k);
      if (not pos_ok(n) or not walk(idx(n)) or busy[idx(n)]) continue;
      if (D[idx(n)] < best) { best = D[idx(n)]; bd = k; }
    }
    return bd;
  }

  void go (int id, const VI& D) {
    Pos p = unit(id).pos;
    int k = step(p, D);
    if (k == -1) return;
    busy[idx(p + Dir(k))] = true;
    command(id, Dir(k));
  }

  // Attacks an adjacent rival warrior: in a city (thunderdome) only with at least its water.
  bool attack (int id) {
    Unit u = unit(id);
    int bd = -1, bw = INF;
    for (int k = 0; k < 8; ++k) {
      Pos n = u.pos + Dir(k);
      if (not pos_ok(n)) continue;
      int v = cell(n).id;
      if (v == -1) continue;
      Unit e = unit(v);
      if (e.player == me() or e.type != Warrior) continue;
      bool dome = type[idx(u.pos)] == City and type[idx(n)] == City;
      if (dome and e.water > u.water) continue;
      int w = dome ? e.water : min(e.food, e.water);
      if (w < bw) { bw = w; bd = k; }
    }
    if (bd == -1) return false;
    command(id, Dir(bd));
    return true;
  }

  void move_warriors () {
    for (int id : warriors(me())) {
      Unit u = unit(id);
      Pos p = u.pos;
      if (attack(id)) continue;
      if (u.water <= to_water[idx(p)] + 4) go(id, to_water);
      else if (u.food <= to_food[idx(p)] + 4 or type[idx(p)] != City) go(id, to_food);
    }
  }

  // Runs over an adjacent rival warrior outside the cities.
  bool run_over (int id, set<int>& hunted) {
    Pos p = unit(id).pos;
    for (int k = 0; k < 8; ++k) {
      Pos n = p + Dir(k);
      if (not pos_ok(n) or not drive(idx(n))) continue;
      int v = cell(n).id;
      if (v != -1 and unit(v).player != me() and unit(v).type == Warrior and not hunted.count(v)) {
        hunted.insert(v);
        command(id, Dir(k));
        return true;
      }
    }
    return false;
  }

  // A car refuels in time, else drives by the shortest path (a step costs 1, 4 if it ends next
  // to a rival car) to the nearest rival warrior outside the cities that no other car of mine
  // hunts.
  void move_car (int id, set<int>& hunted) {
    Unit u = unit(id);
    Pos p = u.pos;
    bool low = u.food <= to_fuel[idx(p)] + 6;
    VI dist(R * C, INF), first(R * C, -1);
    priority_queue< pair<int, int>, vector< pair<int, int> >, greater< pair<int, int> > > pq;
    dist[idx(p)] = 0;
    pq.push(make_pair(0, idx(p)));
    while (not pq.empty()) {
      int t = pq.top().first, k = pq.top().second;
      pq.pop();
      if (t > dist[k]) continue;
      Pos q(k / C, k % C);
      if (k != idx(p)) {
        if (low ? to_fuel[k] == 0 : (cell(q).id != -1 and not hunted.count(cell(q).id))) {
          if (not busy[idx(p + Dir(first[k]))]) {
            if (not low) hunted.insert(cell(q).id);
            busy[idx(p + Dir(first[k]))] = true;
            command(id, Dir(first[k]));
          }
          return;
        }
        if (cell(q).id != -1) continue;
      }
      int cost = 1;
      for (int d = 0; d < 8; ++d) {
        Pos n = q + Dir(d);
        if (not pos_ok(n) or not drive(idx(n))) continue;
        int v = cell(n).id;
        if (v != -1 and (low or unit(v).player == me() or unit(v).type != Warrior)) continue;
        if (k == idx(p) and busy[idx(n)]) continue;
        int extra = 0;
        for (int e = 0; e < 8; ++e) {
          Pos m = n + Dir(e);
          if (pos_ok(m) and cell(m).id != -1 and unit(cell(m).id).type == Car and unit(cell(m).id).player != me())
            extra = 3;
        }
        if (t + cost + extra < dist[idx(n)]) {
          dist[idx(n)] = t + cost + extra;
          first[idx(n)] = k == idx(p) ? d : first[k];
          pq.push(make_pair(dist[idx(n)], idx(n)));
        }
      }
    }
  }

  virtual void play () {
    if (not ready) setup();
    busy = vector<bool>(R * C, false);
    for (int id = 0; id < nb_units(); ++id) busy[idx(unit(id).pos)] = true;
    if (round() % 4 == me()) move_warriors();
    set<int> hunted;
    VI rest;
    for (int id : cars(me()))
      if (can_move(id) and not run_over(id, hunted)) rest.push_back(id);
    for (int id : rest) move_car(id, hunted);
  }
};

RegisterPlayer(PLAYER_NAME);
