#include "Player.hh"

/**
 * A test player for `arena build --game ork-island`. Every round it checks the SDK's State for
 * consistency and re-derives from the previous round what the rules say must have happened
 * (orks start on the shore, each row's two ends, in id order; each ork stayed, stepped to a
 * neighbour paying that cell's cost, or came back on the shore with full health; owners follow
 * strict majorities; the score grew by the points of the owners). A failed check stops the bot, which the test sees as a freeze. At round 0 it prints
 * the board and at a few rounds every ork, owner and score, which the test compares with the
 * engine's replay. It gives no orders.
 */
#define PLAYER_NAME Checker

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  // Drawn in the constructor: the SDK creates the player during the first round, when the
  // host's random() may be called.
  int salt = random(1, 6);

  vector<Unit> prev_units;
  vector<int> prev_city_owner, prev_path_owner, prev_score;

  bool land (Pos p) {
    return pos_ok(p) and cell(p).type != WATER;
  }

  bool plain (Pos p) {
    CellType t = cell(p).type;
    return t == GRASS or t == FOREST or t == SAND;
  }

  // The shore where orks appear (rules version 2, the kit's): each row's first and last
  // non-WATER cells, those that are not CITY or PATH.
  vector<Pos> shore_cells;
  bool shore (Pos p) {
    if (shore_cells.empty())
      for (int i = 0; i < rows(); ++i) {
        int l = 0, r = cols() - 1;
        while (l < cols() and cell(i, l).type == WATER) ++l;
        while (r >= 0 and cell(i, r).type == WATER) --r;
        if (l < cols() and plain(Pos(i, l))) shore_cells.push_back(Pos(i, l));
        if (r > l and plain(Pos(i, r))) shore_cells.push_back(Pos(i, r));
      }
    return find(shore_cells.begin(), shore_cells.end(), p) != shore_cells.end();
  }

  // No ork of `orks` on p or its 4 neighbours.
  bool clear (Pos p, const vector<Pos>& orks) {
    for (Pos q : orks) if (abs(q.i - p.i) + abs(q.j - p.j) <= 1) return false;
    return true;
  }

  // No shore cell is free next to `orks`.
  bool shore_full (const vector<Pos>& orks) {
    shore(Pos(0, 0));
    for (Pos q : shore_cells) if (clear(q, orks)) return false;
    return true;
  }

  // Whether an ork appearing next to `orks` may land on p: a free shore cell, or, when none is
  // free, the first plain cell in row-major order with nobody on or beside it.
  bool appears_on (Pos p, const vector<Pos>& orks) {
    if (not shore_full(orks)) return shore(p) and clear(p, orks);
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j)
        if (plain(Pos(i, j)) and clear(Pos(i, j), orks)) return p == Pos(i, j);
    return false;
  }

  // The owner after this round's counts: the strict majority, else the previous owner.
  int expected_owner (const vector<Pos>& cells, int before) {
    vector<int> n(nb_players(), 0);
    for (Pos p : cells) if (cell(p).unit_id != -1) ++n[unit(cell(p).unit_id).player];
    int best = max_element(n.begin(), n.end()) - n.begin();
    if (n[best] == 0 or count(n.begin(), n.end(), n[best]) > 1) return before;
    return best;
  }

  // The points player pl gets this round for the current owners.
  long long round_points (int pl) {
    long long points = 0;
    vector<int> comp(nb_cities());
    for (int c = 0; c < nb_cities(); ++c) comp[c] = c;
    function<int(int)> find = [&](int x) { return comp[x] == x ? x : comp[x] = find(comp[x]); };
    for (int c = 0; c < nb_cities(); ++c)
      if (city_owner(c) == pl) points += bonus_per_city_cell() * (long long)city(c).size();
    for (int k = 0; k < nb_paths(); ++k) {
      if (path_owner(k) != pl) continue;
      points += bonus_per_path_cell() * (long long)path(k).second.size();
      int a = path(k).first.first, b = path(k).first.second;
      if (city_owner(a) == pl and city_owner(b) == pl) comp[find(a)] = find(b);
    }
    map<int, int> sizes;
    for (int c = 0; c < nb_cities(); ++c) if (city_owner(c) == pl) ++sizes[find(c)];
    for (auto& s : sizes) points += factor_connected_component() * (1LL << min(s.second, 62));
    return points;
  }

  void check_state () {
    int n = nb_units();
    _my_assert(n == nb_players() * nb_orks(), "orks never disappear");
    int on_board = 0;
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j) {
        const Cell& c = cell(i, j);
        if (c.unit_id != -1) {
          ++on_board;
          _my_assert(unit(c.unit_id).pos == Pos(i, j), "cell and ork agree");
        }
        _my_assert((c.type == CITY) == (c.city_id != -1), "city cells have a city");
        _my_assert((c.type == PATH) == (c.path_id != -1), "path cells have a path");
        _my_assert(c.type != WATER or c.unit_id == -1, "no ork in the water");
        bool border = i == 0 or j == 0 or i == rows() - 1 or j == cols() - 1;
        _my_assert(not border or c.type == WATER, "the island is surrounded by water");
      }
    _my_assert(on_board == n, "every ork is on the board, one per cell");

    int listed = 0;
    for (int pl = 0; pl < nb_players(); ++pl) {
      const vector<int>& mine = orks(pl);
      listed += mine.size();
      for (int k = 0; k < int(mine.size()); ++k) {
        _my_assert(unit(mine[k]).player == pl, "orks(pl) are pl's");
        _my_assert(k == 0 or mine[k - 1] < mine[k], "orks(pl) ascending");
      }
      _my_assert(status(pl) == -1 or (status(pl) >= 0 and status(pl) <= 1), "status is a share");
    }
    _my_assert(listed == n, "every ork has a player");

    for (int id = 0; id < n; ++id) {
      const Unit& u = unit(id);
      _my_assert(u.id == id and pos_ok(u.pos) and player_ok(u.player), "ork fields");
      _my_assert(u.health >= 0 and u.health <= initial_health(), "health in 0..initial_health");
    }
    for (int k = 0; k < nb_cities(); ++k) {
      for (Pos p : city(k)) _my_assert(cell(p).city_id == k, "city cells");
      _my_assert(city_owner(k) >= -1 and city_owner(k) < nb_players(), "city owner");
    }
    for (int k = 0; k < nb_paths(); ++k) {
      const Path& p = path(k);
      _my_assert(p.first.first >= 0 and p.first.first < nb_cities(), "path ends");
      _my_assert(p.first.second >= 0 and p.first.second < nb_cities(), "path ends");
      for (Pos q : p.second) _my_assert(cell(q).path_id == k, "path cells");
      _my_assert(path_owner(k) >= -1 and path_owner(k) < nb_players(), "path owner");
    }

    const CellType types[] = {GRASS, FOREST, SAND, CITY, PATH};
    const int costs[] = {cost_grass(), cost_forest(), cost_sand(), cost_city(), cost_path()};
    for (int k = 0; k < 5; ++k) _my_assert(cost(types[k]) == costs[k] and costs[k] >= 0, "cost(type)");
    _my_assert(cost(WATER) == INT_MAX, "cost(WATER) is INT_MAX");

    vector<int> perm = random_permutation(7);
    sort(perm.begin(), perm.end());
    for (int k = 0; k < 7; ++k) _my_assert(perm[k] == k, "a permutation");
    _my_assert(random(3, 3) == 3, "random(l, l)");
    _my_assert(salt >= 1 and salt <= 6, "random() in the constructor");
  }

  // Whether ork id may have come back this round (after every move): full health, on a shore
  // cell with nobody on or beside it, or on a plain cell when no shore cell was free (orks that
  // came back after it only take more cells, so none is free now either).
  bool came_back (int id) {
    const Unit& b = unit(id);
    if (b.health != initial_health()) return false;
    vector<Pos> others;
    for (int k = 0; k < nb_units(); ++k) if (k != id) others.push_back(unit(k).pos);
    if (shore(b.pos)) return clear(b.pos, others);
    return plain(b.pos) and shore_full(others);
  }

  // What the rules say about this round, given the previous one.
  void check_round () {
    if (round() == 0) {
      for (int pl = 0; pl < nb_players(); ++pl) _my_assert(total_score(pl) == 0, "no points before round 1");
      vector<Pos> placed;
      for (int id = 0; id < nb_units(); ++id) {
        _my_assert(unit(id).player == id / nb_orks(), "ork ids are player * nb_orks + k");
        _my_assert(unit(id).health == initial_health(), "orks start with full health");
        _my_assert(appears_on(unit(id).pos, placed), "orks start on the shore, in id order");
        placed.push_back(unit(id).pos);
      }
      return;
    }
    for (int id = 0; id < nb_units(); ++id) {
      const Unit& a = prev_units[id];
      const Unit& b = unit(id);
      bool stayed = a.player == b.player and a.pos == b.pos and a.health == b.health;
      bool stepped = false;
      for (int d = 0; d < 4; ++d)
        if (a.pos + Dir(d) == b.pos) stepped = a.player == b.player and b.health == a.health - cost(cell(b.pos).type);
      _my_assert(stayed or stepped or came_back(id), "an ork stays, steps paying the cost, or comes back on the shore");
    }
    for (int k = 0; k < nb_cities(); ++k)
      _my_assert(city_owner(k) == expected_owner(city(k), prev_city_owner[k]), "city owner is the majority");
    for (int k = 0; k < nb_paths(); ++k)
      _my_assert(path_owner(k) == expected_owner(path(k).second, prev_path_owner[k]), "path owner is the majority");
    for (int pl = 0; pl < nb_players(); ++pl)
      _my_assert(total_score(pl) - prev_score[pl] == round_points(pl), "the score grows by the round's points");
  }

  void remember () {
    prev_units.clear();
    for (int id = 0; id < nb_units(); ++id) prev_units.push_back(unit(id));
    prev_city_owner.assign(nb_cities(), -1);
    for (int k = 0; k < nb_cities(); ++k) prev_city_owner[k] = city_owner(k);
    prev_path_owner.assign(nb_paths(), -1);
    for (int k = 0; k < nb_paths(); ++k) prev_path_owner[k] = path_owner(k);
    prev_score.assign(nb_players(), 0);
    for (int pl = 0; pl < nb_players(); ++pl) prev_score[pl] = total_score(pl);
  }

  // fprintf rather than cerr: without iostream the module is small and quick to compile.
  void print_board () {
    const char* code = "W.FSCP";
    fprintf(stderr, "board %d %d %d %d %d %d %d %d %d %d %d %d %d %d\n", rows(), cols(), nb_rounds(),
            initial_health(), nb_orks(), cost_grass(), cost_forest(), cost_sand(), cost_city(), cost_path(),
            bonus_per_city_cell(), bonus_per_path_cell(), factor_connected_component(), me());
    for (int i = 0; i < rows(); ++i) {
      string row;
      for (int j = 0; j < cols(); ++j) row += code[cell(i, j).type];
      fprintf(stderr, "row %d %s\n", i, row.c_str());
    }
    for (int k = 0; k < nb_cities(); ++k) {
      fprintf(stderr, "city %d", k);
      for (Pos p : city(k)) fprintf(stderr, " %d,%d", p.i, p.j);
      fprintf(stderr, "\n");
    }
    for (int k = 0; k < nb_paths(); ++k) {
      fprintf(stderr, "path %d %d %d", k, path(k).first.first, path(k).first.second);
      for (Pos p : path(k).second) fprintf(stderr, " %d,%d", p.i, p.j);
      fprintf(stderr, "\n");
    }
  }

  void print_frame () {
    int r = round();
    fprintf(stderr, "frame %d scores", r);
    for (int pl = 0; pl < nb_players(); ++pl) fprintf(stderr, " %d", total_score(pl));
    fprintf(stderr, "\nframe %d cities", r);
    for (int k = 0; k < nb_cities(); ++k) fprintf(stderr, " %d", city_owner(k));
    fprintf(stderr, "\nframe %d paths", r);
    for (int k = 0; k < nb_paths(); ++k) fprintf(stderr, " %d", path_owner(k));
    fprintf(stderr, "\nframe %d orks", r);
    for (int id = 0; id < nb_units(); ++id) {
      const Unit& u = unit(id);
      fprintf(stderr, " %d,%d,%d,%d", u.player, u.pos.i, u.pos.j, u.health);
    }
    fprintf(stderr, "\n");
  }

  virtual void play () {
    check_state();
    check_round();
    remember();
    int r = round();
    if (r == 0) print_board();
    if (r == 0 or r == 1 or r == 57 or r == nb_rounds() - 1) print_frame();
  }

};

RegisterPlayer(PLAYER_NAME);
