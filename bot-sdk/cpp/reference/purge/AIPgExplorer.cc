#include "Player.hh"

// Reference player (Dummy calibration, docs/games/purge.md): a breadth-first explorer that
// ignores fights. Every citizen takes the first step of a BFS that walks around buildings, rival
// barricades and every citizen (so it never attacks on purpose) to the nearest money or food (a
// warrior also a stronger weapon) that no other of its citizens claimed this round; with none in
// reach, toward the nearest cell it has not stood on for the longest time. It never builds.
#define PLAYER_NAME PgExplorer

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  set<Pos> taken;
  vector<int> last_seen;  // per cell: the last round one of our citizens stood there, -1 never

  bool item (const Cell& c, const Citizen& u) {
    if (c.bonus != NoBonus) return true;
    return u.type == Warrior and c.weapon != NoWeapon and strongestWeapon(c.weapon, u.weapon) != u.weapon;
  }

  // First direction toward the nearest unclaimed item, else the stalest cell in reach; -1 none.
  int first_step (const Citizen& u) {
    const Dir dirs[4] = {Down, Right, Up, Left};
    int R = board_rows(), C = board_cols();
    vector<int> dist(R * C, -1), first(R * C, -1);
    queue<Pos> q;
    dist[u.pos.i * C + u.pos.j] = 0;
    q.push(u.pos);
    int stale = -1, stale_round = round() + 1;
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      for (int k = 0; k < 4; ++k) {
        Pos n = p + dirs[k];
        if (not pos_ok(n) or dist[n.i * C + n.j] != -1) continue;
        Cell c = cell(n);
        if (c.type == Building or c.id != -1) continue;
        if (c.b_owner != -1 and c.b_owner != me()) continue;
        int x = n.i * C + n.j;
        dist[x] = dist[p.i * C + p.j] + 1;
        first[x] = p == u.pos ? k : first[p.i * C + p.j];
        if (item(c, u) and not taken.count(n)) {
          taken.insert(n);
          return first[x];
        }
        if (last_seen[x] < stale_round) {
          stale_round = last_seen[x];
          stale = first[x];
        }
        q.push(n);
      }
    }
    return stale;
  }

  virtual void play () {
    const Dir dirs[4] = {Down, Right, Up, Left};
    if (last_seen.empty()) last_seen = vector<int>(board_rows() * board_cols(), -1);
    taken.clear();
    vector<int> ids = warriors(me());
    for (int id : builders(me())) ids.push_back(id);
    for (int id : ids) {
      Citizen u = citizen(id);
      last_seen[u.pos.i * board_cols() + u.pos.j] = round();
    }
    for (int id : ids) {
      int k = first_step(citizen(id));
      if (k != -1) move(id, dirs[k]);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
