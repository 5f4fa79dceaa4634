#include "Player.hh"

// Reference player (Dummy calibration, docs/games/mad-max.md): a hoarder. It keeps what it has
// and never goes for more: each warrior walks to the nearest city we own (the nearest city when
// we own none) and stays on its cells for good, leaving only to drink in time; it fights only a
// rival warrior that stands next to it outside the thunderdome. Its cars hoard fuel: each parks
// next to the nearest station and tops up there, running over only a rival warrior next to it.
#define PLAYER_NAME MmHoarder

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

  // Steps from every cell to the nearest cell of from, over cells car (or warrior) may enter.
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

  // One step down D onto a free cell.
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

  // An adjacent rival warrior this unit may hit (a warrior: not inside the thunderdome).
  int prey (Pos p, bool car) {
    for (int k = 0; k < 8; ++k) {
      Pos n = p + Dir(k);
      if (not pos_ok(n) or cell(n).id == -1) continue;
      Unit v = unit(cell(n).id);
      if (v.player == me() or v.type != Warrior) continue;
      if (car ? cell(n).type == City : (cell(n).type == City and cell(p).type == City)) continue;
      return k;
    }
    return -1;
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
    for (int id : cars(me())) {
      if (not can_move(id)) continue;
      int k = prey(unit(id).pos, true);
      if (k != -1) command(id, Dir(k));
      else go(id, to_station, true);
    }
    if (round() % 4 != me()) return;
    vector<Pos> home;
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j)
        if (cell(Pos(i, j)).type == City and (num_cities(me()) == 0 or cell(Pos(i, j)).owner == me()))
          home.push_back(Pos(i, j));
    VI to_home = bfs(home, false);
    for (int id : warriors(me())) {
      Unit u = unit(id);
      int here = u.pos.i * cols() + u.pos.j;
      int k = prey(u.pos, false);
      if (u.water <= to_water[here] + 4) go(id, to_water, false);
      else if (k != -1) command(id, Dir(k));
      else if (to_home[here] > 0) go(id, to_home, false);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
