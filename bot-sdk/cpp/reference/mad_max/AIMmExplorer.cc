#include "Player.hh"

// Reference player (Dummy calibration, docs/games/mad-max.md): a BFS explorer that ignores
// fights. Its warriors never attack and never look at rivals: one that has to drink walks to
// water; one on a City cell of a city we do not own stays; the others run one BFS each (units
// are no obstacle, it bumps into whoever is in the way) to the nearest City cell of a city we do
// not own that no other warrior of ours claimed this round (any City cell when we own them all).
// Its cars stay where they are.
#define PLAYER_NAME MmExplorer

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  typedef vector<int> VI;
  const int INF = 1000000;

  bool ready = false;
  VI to_water;

  bool walk (Pos p) {
    if (not pos_ok(p)) return false;
    CellType t = cell(p).type;
    return t == Desert or t == Road or t == City;
  }

  bool next_to (Pos p, CellType t) {
    for (int k = 0; k < 8; ++k)
      if (pos_ok(p + Dir(k)) and cell(p + Dir(k)).type == t) return true;
    return false;
  }

  void setup () {
    ready = true;
    to_water = VI(rows() * cols(), INF);
    queue<Pos> q;
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j)
        if (walk(Pos(i, j)) and next_to(Pos(i, j), Water)) {
          to_water[i * cols() + j] = 0;
          q.push(Pos(i, j));
        }
    while (not q.empty()) {
      Pos p = q.front(); q.pop();
      for (int k = 0; k < 8; ++k) {
        Pos n = p + Dir(k);
        if (walk(n) and to_water[n.i * cols() + n.j] == INF) {
          to_water[n.i * cols() + n.j] = to_water[p.i * cols() + p.j] + 1;
          q.push(n);
        }
      }
    }
  }

  bool wanted (Pos p, bool all_ours, const set<Pos>& claimed) {
    if (cell(p).type != City or claimed.count(p)) return false;
    return all_ours or cell(p).owner != me();
  }

  // One BFS from the warrior to the nearest wanted cell: the first step towards it.
  int explore (Pos s, bool all_ours, set<Pos>& claimed) {
    map<Pos, int> first;
    queue<Pos> q;
    first[s] = -1;
    q.push(s);
    while (not q.empty()) {
      Pos p = q.front(); q.pop();
      for (int k = 0; k < 8; ++k) {
        Pos n = p + Dir(k);
        if (not walk(n) or first.count(n)) continue;
        first[n] = p == s ? k : first[p];
        if (wanted(n, all_ours, claimed)) {
          claimed.insert(n);
          return first[n];
        }
        q.push(n);
      }
    }
    return -1;
  }

  void water (int id) {
    Pos p = unit(id).pos;
    int best = to_water[p.i * cols() + p.j], bd = -1;
    for (int k = 0; k < 8; ++k) {
      Pos n = p + Dir(k);
      if (walk(n) and to_water[n.i * cols() + n.j] < best) { best = to_water[n.i * cols() + n.j]; bd = k; }
    }
    if (bd != -1) command(id, Dir(bd));
  }

  virtual void play () {
    if (not ready) setup();
    if (round() % 4 != me()) return;
    bool all_ours = num_cities(me()) == nb_cities();
    set<Pos> claimed;
    for (int id : warriors(me())) {
      Unit u = unit(id);
      if (u.water <= to_water[u.pos.i * cols() + u.pos.j] + 3) { water(id); continue; }
      if (cell(u.pos).type == City and (all_ours or cell(u.pos).owner != me())) {
        claimed.insert(u.pos);
        continue;
      }
      int k = explore(u.pos, all_ours, claimed);
      if (k != -1) command(id, Dir(k));
    }
  }
};

RegisterPlayer(PLAYER_NAME);
