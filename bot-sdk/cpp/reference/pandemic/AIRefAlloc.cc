// RefAlloc: reference player, cost class "allocation heavy" (heavy).
// Written the way many students write their first working player: every round
// it copies the whole board into a fresh vector<vector<Cell>>, every unit into a
// std::map<Pos,Unit>, every city and path into vectors, counts units per city and
// path in std::map<int, vector<int> >, and then for every unit runs a full BFS
// with freshly allocated distance and parent grids (vector<vector<...>>),
// rebuilds the whole path to its target as a vector<Pos> and takes its first
// step. Targets: cities and paths we do not own, or where we are outnumbered.
#include "Player.hh"

#define PLAYER_NAME RefAlloc

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef vector<Cell> VC;
  typedef vector<VC>   VVC;
  typedef vector<int>  VI;
  typedef vector<VI>   VVI;

  VVC board;
  map<Pos, Unit> units_at;
  vector< vector<Pos> > city_cells;
  vector< pair< pair<int,int>, vector<Pos> > > path_cells;
  map<int, VI> my_count, enemy_count; // region -> counts (cities k, paths 1000+k)

  void snapshot () {
    board = VVC(rows(), VC(cols()));
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j) board[i][j] = cell(i, j);
    units_at.clear();
    for (int id = 0; id < total_units(); ++id) {
      Unit u = unit(id);
      units_at[u.pos] = u;
    }
    city_cells.clear();
    for (int c = 0; c < nb_cities(); ++c) city_cells.push_back(city(c));
    path_cells.clear();
    for (int p = 0; p < nb_paths(); ++p) path_cells.push_back(path(p));
    my_count.clear();
    enemy_count.clear();
    for (map<Pos, Unit>::iterator it = units_at.begin(); it != units_at.end(); ++it) {
      Cell c = board[it->first.i][it->first.j];
      int region = -1;
      if (c.type == CITY) region = c.city_id;
      if (c.type == PATH) region = 1000 + c.path_id;
      if (region == -1) continue;
      if (it->second.player == me()) my_count[region].push_back(it->second.id);
      else enemy_count[region].push_back(it->second.id);
    }
  }

  bool is_target (Pos p) {
    Cell c = board[p.i][p.j];
    int region, owner;
    if (c.type == CITY) { region = c.city_id; owner = city_owner(c.city_id); }
    else if (c.type == PATH) { region = 1000 + c.path_id; owner = path_owner(c.path_id); }
    else return false;
    if (owner != me()) return true;
    return enemy_count[region].size() >= my_count[region].size();
  }

  vector<Pos> bfs_path (Pos start) {
    VVI dist(rows(), VI(cols(), -1));
    vector< vector<Pos> > parent(rows(), vector<Pos>(cols(), Pos(-1, -1)));
    queue<Pos> q;
    q.push(start);
    dist[start.i][start.j] = 0;
    Pos found(-1, -1);
    vector<Pos> order;
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      order.push_back(p);
      if (found.i == -1 and p != start and is_target(p)) found = p;
      for (int d = 0; d < 4; ++d) {
        Pos n = p + Dir(d);
        if (not pos_ok(n) or dist[n.i][n.j] != -1) continue;
        if (board[n.i][n.j].type == WALL) continue;
        if (p == start and units_at.count(n)) continue;
        dist[n.i][n.j] = dist[p.i][p.j] + 1;
        parent[n.i][n.j] = p;
        q.push(n);
      }
    }
    vector<Pos> path;
    if (found.i == -1) return path;
    for (Pos p = found; p != start; p = parent[p.i][p.j]) path.push_back(p);
    reverse(path.begin(), path.end());
    return path;
  }

  virtual void play () {
    snapshot();
    vector<int> my = my_units(me());
    set<Pos> taken;
    for (int k = 0; k < (int)my.size(); ++k) {
      Unit u = units_at[unit(my[k]).pos];
      // attack the weakest neighbour
      int best_dir = -1, best_health = INT_MAX;
      for (int d = 0; d < 4; ++d) {
        Pos q = u.pos + Dir(d);
        map<Pos, Unit>::iterator it = units_at.find(q);
        if (it != units_at.end() and it->second.player != me() and it->second.health < best_health) {
          best_health = it->second.health;
          best_dir = d;
        }
      }
      if (best_dir != -1) {
        move(u.id, Dir(best_dir));
        continue;
      }
      if (is_target(u.pos)) continue;
      vector<Pos> path = bfs_path(u.pos);
      if (path.empty() or taken.count(path[0])) {
        move(u.id, Dir(random(0, 3)));
        continue;
      }
      taken.insert(path[0]);
      for (int d = 0; d < 4; ++d)
        if (u.pos + Dir(d) == path[0]) move(u.id, Dir(d));
    }
  }

};

RegisterPlayer(PLAYER_NAME);
