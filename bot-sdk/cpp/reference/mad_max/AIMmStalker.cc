#include "Player.hh"

// Reference player (Dummy calibration, docs/games/mad-max.md): a fighter that chases weak
// units. A warrior attacks the weakest adjacent rival warrior it may hit (outside the
// thunderdome any, inside it only one with less water); else, unless it has to drink, one BFS
// of up to 12 steps (units block) to the nearest rival warrior outside the cities weaker than
// itself (less food plus water), one hunter per prey; with no prey in reach it takes cities as
// MmKeeper does (stays on a City cell, else walks to the nearest city we do not own). Its cars
// hunt the weakest warriors: each drives to the rival warrior outside the cities with the least
// food plus water among the nearest few, refuelling below 20.
#define PLAYER_NAME MmStalker

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  typedef vector<int> VI;
  const int INF = 1000000;

  bool ready = false;
  VI to_water, to_station;

  bool walk (Pos p) {
    if (not pos_ok(p)) return false;
    CellType t = cell(p).type;
    return t == Desert or t == Road or t == City;
  }

  bool drive (Pos p) {
    if (not pos_ok(p)) return false;
    CellType t = cell(p).type;
    return t == Desert or t == Road;
  }

  bool next_to (Pos p, CellType t) {
    for (int k = 0; k < 8; ++k)
      if (pos_ok(p + Dir(k)) and cell(p + Dir(k)).type == t) return true;
    return false;
  }

  VI bfs (const vector<Pos>& from, bool car) {
    VI d(rows() * cols(), INF);
    queue<Pos> q;
    for (Pos p : from) { d[p.i * cols() + p.j] = 0; q.push(p); }
    while (not q.empty()) {
      Pos p = q.front(); q.pop();
      for (int k = 0; k < 8; ++k) {
        Pos n = p + Dir(k);
        if (not (car ? drive(n) : walk(n)) or d[n.i * cols() + n.j] != INF) continue;
        d[n.i * cols() + n.j] = d[p.i * cols() + p.j] + 1;
        q.push(n);
      }
    }
    return d;
  }

  void go (int id, const VI& D, bool car) {
    Pos p = unit(id).pos;
    int best = D[p.i * cols() + p.j], bd = -1;
    for (int k = 0; k < 8; ++k) {
      Pos n = p + Dir(k);
      if (not (car ? drive(n) : walk(n)) or cell(n).id != -1) continue;
      if (D[n.i * cols() + n.j] < best) { best = D[n.i * cols() + n.j]; bd = k; }
    }
    if (bd != -1) command(id, Dir(bd));
  }

  int strength (const Unit& u) { return u.food + u.water; }

  // The weakest adjacent rival warrior this warrior may hit, or -1.
  int weakest (const Unit& u) {
    int bk = -1, bs = INF;
    for (int k = 0; k < 8; ++k) {
      Pos n = u.pos + Dir(k);
      if (not pos_ok(n) or cell(n).id == -1) continue;
      Unit v = unit(cell(n).id);
      if (v.player == me() or v.type != Warrior) continue;
      if (cell(n).type == City and cell(u.pos).type == City and v.water >= u.water) continue;
      if (strength(v) < bs) { bs = strength(v); bk = k; }
    }
    return bk;
  }

  // BFS of up to depth steps (units block, except the prey) to a rival warrior outside the
  // cities that ok() accepts and nobody hunts yet: the first step, or -1.
  int chase (int id, int depth, bool car, set<int>& hunted) {
    Unit u = unit(id);
    map<Pos, int> first, dist;
    queue<Pos> q;
    first[u.pos] = -1;
    dist[u.pos] = 0;
    q.push(u.pos);
    int best = -1, bs = INF, bd = INF, bv = -1;
    while (not q.empty()) {
      Pos p = q.front(); q.pop();
      if (dist[p] >= depth or dist[p] > bd) continue;
      for (int k = 0; k < 8; ++k) {
        Pos n = p + Dir(k);
        if (not (car ? drive(n) : walk(n)) or first.count(n)) continue;
        first[n] = p == u.pos ? k : first[p];
        dist[n] = dist[p] + 1;
        int v = cell(n).id;
        if (v == -1) { q.push(n); continue; }
        Unit w = unit(v);
        if (w.player == me() or w.type != Warrior or cell(n).type == City or hunted.count(v)) continue;
        if (not car and strength(w) >= strength(u)) continue;
        if (strength(w) < bs) { bs = strength(w); best = first[n]; bd = dist[n]; bv = v; }
      }
    }
    if (best == -1) return -1;
    Pos s = u.pos + Dir(best);
    if (cell(s).id != -1 and unit(cell(s).id).player == me()) return -1;
    hunted.insert(bv);
    return best;
  }

  virtual void play () {
    if (not ready) {
      ready = true;
      vector<Pos> water, station;
      for (int i = 0; i < rows(); ++i)
        for (int j = 0; j < cols(); ++j) {
          Pos p(i, j);
          if (walk(p) and next_to(p, Water)) water.push_back(p);
          if (drive(p) and next_to(p, Station)) station.push_back(p);
        }
      to_water = bfs(water, false);
      to_station = bfs(station, true);
    }
    set<int> hunted;
    for (int id : cars(me())) {
      if (not can_move(id)) continue;
      if (unit(id).food < 20) { go(id, to_station, true); continue; }
      int k = chase(id, 20, true, hunted);
      if (k != -1) command(id, Dir(k));
    }
    if (round() % 4 != me()) return;
    vector<Pos> target;
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j)
        if (cell(Pos(i, j)).type == City and cell(Pos(i, j)).owner != me()) target.push_back(Pos(i, j));
    VI to_city = bfs(target, false);
    for (int id : warriors(me())) {
      Unit u = unit(id);
      int here = u.pos.i * cols() + u.pos.j;
      int k = weakest(u);
      if (k != -1) { command(id, Dir(k)); continue; }
      if (u.water <= to_water[here] + 4) { go(id, to_water, false); continue; }
      k = chase(id, 12, false, hunted);
      if (k != -1) command(id, Dir(k));
      else if (cell(u.pos).type != City and to_city[here] < INF) go(id, to_city, false);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
