#include "Player.hh"

// Reference player (Dummy calibration, docs/games/mad-max.md): holds what it has. A warrior
// attacks an adjacent rival warrior, else stays in a city; when its water runs low it walks by a
// shortest path to the nearest cell next to water, then back to the nearest city. Its cars guard
// home: one BFS per car to the nearest rival warrior outside the cities but within 8 steps of a
// city of mine, one car per warrior; the car runs it over or steps towards it, else waits.
#define PLAYER_NAME MmKeeper

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  typedef vector<int> VI;
  const int INF = 1000000;

  bool ready = false;
  VI to_water, to_city, home;

  bool walk (Pos p) {
    CellType t = cell(p).type;
    return t == Desert or t == Road or t == City;
  }

  bool drive (Pos p) {
    CellType t = cell(p).type;
    return t == Desert or t == Road;
  }

  bool next_to (Pos p, CellType t) {
    for (int k = 0; k < 8; ++k)
      if (pos_ok(p + Dir(k)) and cell(p + Dir(k)).type == t) return true;
    return false;
  }

  // Warrior steps from every cell to the nearest cell of from.
  VI bfs (const vector<Pos>& from) {
    VI d(rows() * cols(), INF);
    queue<Pos> q;
    for (Pos p : from) { d[p.i * cols() + p.j] = 0; q.push(p); }
    while (not q.empty()) {
      Pos p = q.front(); q.pop();
      for (int k = 0; k < 8; ++k) {
        Pos n = p + Dir(k);
        if (not pos_ok(n) or not walk(n) or d[n.i * cols() + n.j] != INF) continue;
        d[n.i * cols() + n.j] = d[p.i * cols() + p.j] + 1;
        q.push(n);
      }
    }
    return d;
  }

  void go (int id, const VI& D) {
    Pos p = unit(id).pos;
    int best = D[p.i * cols() + p.j], bd = -1;
    for (int k = 0; k < 8; ++k) {
      Pos n = p + Dir(k);
      if (not pos_ok(n) or not walk(n) or cell(n).id != -1) continue;
      if (D[n.i * cols() + n.j] < best) { best = D[n.i * cols() + n.j]; bd = k; }
    }
    if (bd != -1) command(id, Dir(bd));
  }

  bool attack (int id) {
    Pos p = unit(id).pos;
    for (int k = 0; k < 8; ++k) {
      Pos n = p + Dir(k);
      if (pos_ok(n) and cell(n).id != -1 and unit(cell(n).id).player != me()
          and unit(cell(n).id).type == Warrior) {
        command(id, Dir(k));
        return true;
      }
    }
    return false;
  }

  void hunt (int id, set<int>& hunted) {
    Pos p = unit(id).pos;
    int C = cols();
    VI first(rows() * C, -2);
    queue<Pos> q;
    first[p.i * C + p.j] = -1;
    q.push(p);
    while (not q.empty()) {
      Pos a = q.front(); q.pop();
      for (int k = 0; k < 8; ++k) {
        Pos n = a + Dir(k);
        if (not pos_ok(n) or not drive(n) or first[n.i * C + n.j] != -2) continue;
        int f = a == p ? k : first[a.i * C + a.j];
        first[n.i * C + n.j] = f;
        int v = cell(n).id;
        if (v == -1) { q.push(n); continue; }
        if (unit(v).player == me() or unit(v).type != Warrior or hunted.count(v)) continue;
        if (home[n.i * C + n.j] > 8) continue;
        Pos s = p + Dir(f);
        if (cell(s).id != -1 and s != n) return;
        hunted.insert(v);
        command(id, Dir(f));
        return;
      }
    }
  }

  virtual void play () {
    if (not ready) {
      ready = true;
      vector<Pos> water, city;
      for (int i = 0; i < rows(); ++i)
        for (int j = 0; j < cols(); ++j) {
          Pos p(i, j);
          if (walk(p) and next_to(p, Water)) water.push_back(p);
          if (cell(p).type == City) city.push_back(p);
        }
      to_water = bfs(water);
      to_city = bfs(city);
    }
    vector<Pos> mine;
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j)
        if (cell(i, j).type == City and cell(i, j).owner == me()) mine.push_back(Pos(i, j));
    home = bfs(mine);
    set<int> hunted;
    for (int id : cars(me()))
      if (can_move(id)) hunt(id, hunted);
    if (round() % 4 != me()) return;
    for (int id : warriors(me())) {
      Unit u = unit(id);
      int k = u.pos.i * cols() + u.pos.j;
      if (u.water <= to_water[k] + 4) go(id, to_water);
      else if (attack(id)) continue;
      else if (to_city[k] > 0) go(id, to_city);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
