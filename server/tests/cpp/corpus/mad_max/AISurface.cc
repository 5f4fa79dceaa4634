#include "Player.hh"

/**
 * Corpus player for `arena build --game mad-max`: it names every part of the Mad Max kit's
 * player surface (Utils.hh, Structs.hh, Settings.hh, State.hh, Action.hh, Random.hh, Info.hh,
 * Player.hh, Registry.hh) and checks with _my_assert every value the kit fixes and the state's
 * consistency (units on their cells, the lists, the cities' owners, the scores), so an SDK that
 * lacks a name does not compile it and an SDK that differs from the kit freezes it. Every call
 * has good arguments: it never warns. It plays: warriors drink when thirsty, eat when hungry,
 * keep a few on each city of theirs and walk to the nearest city of another player; cars hunt
 * the enemy warriors outside the cities and refuel at the stations. It prints "surface ok round
 * R" at a few rounds.
 */
#define PLAYER_NAME Surface

// Helpers of its own, named like nothing of the kit's player surface: a player's play() calls
// them unqualified (the SDK's private members must not hide them; this kit's Info has no ok()).
static int owner (const Cell& c) {
  return c.owner;
}

static bool ok (const Pos& p) {
  return p.i >= 0 and p.j >= 0;
}

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  static_assert(is_same<Registry::Factory, Player* (*)()>::value, "Registry::Factory");

  typedef vector<int> VI;
  typedef vector<VI> VVI;

  Player* twin = nullptr;
  VVI city_of;            // per cell, the city it belongs to, or -1
  vector<vector<Pos>> cities;
  VI last_score;
  int checks = 0;

  void check_utils () {
    _my_assert(int_to_string(-42) == "-42", "int_to_string");
    _my_assert(string_to_int("123") == 123, "string_to_int");
    _my_assert(strlen("kit") == 3, "string.h");
    if (nb_players() != 4) _unreachable();
    ++checks;
  }

  void check_structs () {
    // Dir: the kit's order and codes, validity, moving a Pos, no printing of its own.
    Dir all[] = {Bottom, BR, Right, RT, Top, TL, Left, LB, None};
    int di[] = {1, 1, 0, -1, -1, -1, 0, 1, 0}, dj[] = {0, 1, 1, 1, 0, -1, -1, -1, 0};
    for (int d = 0; d < 9; ++d) {
      _my_assert(int(all[d]) == d, "Dir " << d);
      _my_assert(dir_ok(all[d]), "dir_ok " << d);
      Pos p(10, 10);
      Pos q = p + all[d];
      _my_assert(q == Pos(10 + di[d], 10 + dj[d]), "Pos + " << d << " is " << q);
      p += all[d];
      _my_assert(p == q, "Pos += Dir");
      if (d < 8) _my_assert((Pos(10, 10) + all[d]) + Dir((d + 4)%8) == Pos(10, 10), "opposite of " << d);
    }
    _my_assert(DirSize == 9 and not dir_ok(DirSize) and not dir_ok(Dir(-1)), "DirSize");
    // Pos: constructors, comparisons, sums, printing.
    Pos o;
    _my_assert(o.i == 0 and o.j == 0, "Pos()");
    _my_assert(Pos(1, 2) != Pos(2, 1) and Pos(1, 9) < Pos(2, 0) and Pos(1, 1) < Pos(1, 2), "Pos order");
    _my_assert(not (Pos(1, 2) < Pos(1, 2)) and Pos(4, 4) == Pos(4, 4), "Pos equality");
    Pos s = Pos(1, 2) + Pos(3, 4);
    s += Pos(1, 1);
    _my_assert(s == Pos(5, 7), "Pos sums");
    ostringstream os;
    os << Pos(3, -4) << ' ' << Right << ' ' << Station << ' ' << Car;
    _my_assert(os.str() == "(3, -4) 2 4 1", "printing: " << os.str());
    // CellType, Cell.
    CellType types[] = {Desert, Road, City, Water, Station, Wall};
    for (int t = 0; t < 6; ++t) _my_assert(int(types[t]) == t, "CellType " << t);
    _my_assert(CellTypeSize == 6, "CellTypeSize");
    Cell c;
    _my_assert(c.type == Desert and c.owner == -1 and c.id == -1, "Cell()");
    Cell w(City, 2, 7);
    _my_assert(w.type == City and w.owner == 2 and w.id == 7, "Cell(t, ow, id)");
    // UnitType, Unit.
    _my_assert(Warrior == 0 and Car == 1 and UnitTypeSize == 2, "UnitType");
    _my_assert(ut_ok(Warrior) and ut_ok(Car) and not ut_ok(UnitTypeSize), "ut_ok");
    _my_assert(ut2char(Warrior) == 'w' and ut2char(Car) == 'c', "ut2char");
    _my_assert(char2ut('w') == Warrior and char2ut('c') == Car, "char2ut");
    Unit u;
    _my_assert(u.type == Warrior and u.id == -1 and u.player == -1 and u.food == 0 and u.water == 0
               and u.pos == Pos(0, 0), "Unit()");
    Unit v(Car, 3, 1, 50, 0);
    _my_assert(v.type == Car and v.id == 3 and v.player == 1 and v.food == 50 and v.water == 0
               and v.pos == Pos(0, 0), "Unit(t, id, pl, f, w)");
    Unit x(Warrior, 4, 2, 30, 20, Pos(5, 6));
    _my_assert(x.pos == Pos(5, 6) and x.food == 30 and x.water == 20, "Unit(t, id, pl, f, w, p)");
    // Movement.
    Movement m(5, Top);
    _my_assert(m.id == 5 and m.dir == Top, "Movement");
    // Info::char2cell: the board file's characters.
    string chars = ".RWSX0123";
    CellType want[] = {Desert, Road, Water, Station, Wall, City, City, City, City};
    for (int k = 0; k < 9; ++k) {
      Cell b = Info::char2cell(chars[k]);
      _my_assert(b.type == want[k] and b.id == -1, "char2cell " << chars[k]);
      _my_assert(b.owner == (k >= 5 ? k - 5 : -1), "char2cell owner " << chars[k]);
    }
    ++checks;
  }

  void check_settings () {
    _my_assert(version() == "Mad_Max 1.6" and Settings::version() == version(), "version() is " << version());
    _my_assert(nb_players() == 4 and nb_rounds() == 500 and nb_cities() == 8, "players, rounds, cities");
    _my_assert(nb_warriors() == 20 and nb_cars() == 3, "units");
    _my_assert(warriors_health() == 40 and cars_fuel() == 100 and damage() == 6, "health, fuel, damage");
    _my_assert(rows() == 60 and cols() == 60, "board size");
    _my_assert(player_ok(0) and player_ok(3) and not player_ok(4) and not player_ok(-1), "player_ok");
    _my_assert(pos_ok(0, 0) and pos_ok(Pos(59, 59)) and not pos_ok(60, 0) and not pos_ok(Pos(0, -1)), "pos_ok");
    ++checks;
  }

  // The cities: the 4-connected groups of City cells.
  void find_cities () {
    city_of = VVI(rows(), VI(cols(), -1));
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j) {
        if (cell(i, j).type != City or city_of[i][j] != -1) continue;
        int k = cities.size();
        cities.push_back(vector<Pos>());
        stack<Pos> todo;
        todo.push(Pos(i, j));
        city_of[i][j] = k;
        while (not todo.empty()) {
          Pos p = todo.top();
          todo.pop();
          cities[k].push_back(p);
          for (Dir d : {Bottom, Right, Top, Left}) {
            Pos n = p + d;
            if (pos_ok(n) and cell(n).type == City and city_of[n.i][n.j] == -1) {
              city_of[n.i][n.j] = k;
              todo.push(n);
            }
          }
        }
      }
    _my_assert((int)cities.size() == nb_cities(), cities.size() << " cities");
  }

  // The state is consistent with itself and with the rules: every unit is on its cell, the
  // lists are sorted and partition the units, each city has one owner, num_cities counts them,
  // and each round the scores grow by the cities owned.
  void check_state () {
    _my_assert(nb_units() == 4*(nb_warriors() + nb_cars()), nb_units() << " units");
    int listed = 0;
    VI owned(4, 0);
    for (auto& city : cities) {
      _my_assert(ok(city[0]), "ok(Pos)");
      int ow = owner(cell(city[0]));
      _my_assert(player_ok(ow), "city owner " << ow);
      for (Pos p : city) _my_assert(cell(p).owner == ow and cell(p.i, p.j).type == City, "city cell " << p);
      ++owned[ow];
    }
    for (int pl = 0; pl < nb_players(); ++pl) {
      VI w = warriors(pl), c = cars(pl);
      _my_assert(is_sorted(w.begin(), w.end()) and is_sorted(c.begin(), c.end()), "sorted lists");
      for (int id : w) {
        Unit u = unit(id);
        _my_assert(u.type == Warrior and u.player == pl and u.id == id, "warrior " << id);
        _my_assert(u.food > 0 and u.food <= warriors_health() and u.water > 0 and u.water <= warriors_health(),
                   "warrior " << id << " health");
        _my_assert(cell(u.pos).type != Wall and cell(u.pos).type != Water and cell(u.pos).type != Station,
                   "warrior on " << u.pos);
        _my_assert(can_move(id) == (pl == round()%4), "can_move warrior " << id);
      }
      for (int id : c) {
        Unit u = unit(id);
        _my_assert(u.type == Car and u.player == pl and u.id == id, "car " << id);
        _my_assert(u.food >= 0 and u.food <= cars_fuel() and u.water == 0, "car " << id << " fuel");
        CellType t = cell(u.pos).type;
        _my_assert(t == Desert or t == Road, "car on " << u.pos);
        bool moves = pl == round()%4 or (u.food > 0 and t == Road);
        _my_assert(can_move(id) == moves, "can_move car " << id);
      }
      listed += w.size() + c.size();
      _my_assert(num_cities(pl) == owned[pl], "num_cities " << pl);
      int score = total_score(pl);
      int want = round() == 0 ? nb_cities()/4 : last_score[pl] + num_cities(pl);
      _my_assert(score == want, "score of " << pl << " is " << score << ", not " << want);
      last_score[pl] = score;
      _my_assert(status(pl) >= -1 and status(pl) <= 1, "status");
    }
    _my_assert(listed == nb_units(), listed << " units listed");
    _my_assert(not can_move(-1) and not can_move(nb_units()), "can_move of no unit");
    int seen = 0;
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j) {
        Cell c = cell(i, j);
        _my_assert(c.type == cell(Pos(i, j)).type and c.id == cell(Pos(i, j)).id, "cell(i, j) and cell(p)");
        if (c.id != -1) {
          ++seen;
          _my_assert(unit(c.id).pos == Pos(i, j), "unit at " << Pos(i, j));
        }
        if (c.type != City) _my_assert(c.owner == -1, "owner of a cell that is no city");
      }
    _my_assert(seen == nb_units(), seen << " units on the board");
    ++checks;
  }

  // Distances (in moves of 8 directions over the cells a unit of type t may enter, units
  // ignored) from the cells where goal holds; -1 where none is reachable.
  template <class Goal>
  VVI distances (UnitType t, Goal goal) {
    VVI dist(rows(), VI(cols(), -1));
    queue<Pos> q;
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j)
        if (enterable(t, Pos(i, j)) and goal(Pos(i, j))) {
          dist[i][j] = 0;
          q.push(Pos(i, j));
        }
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      for (int d = 0; d < 8; ++d) {
        Pos n = p + Dir(d);
        if (enterable(t, n) and dist[n.i][n.j] == -1) {
          dist[n.i][n.j] = dist[p.i][p.j] + 1;
          q.push(n);
        }
      }
    }
    return dist;
  }

  bool enterable (UnitType t, Pos p) {
    if (not pos_ok(p)) return false;
    CellType c = cell(p).type;
    return c == Desert or c == Road or (t == Warrior and c == City);
  }

  bool near (Pos p, CellType t) {
    for (int d = 0; d < 8; ++d)
      if (pos_ok(p + Dir(d)) and cell(p + Dir(d)).type == t) return true;
    return false;
  }

  // A step of unit u down the distances, onto a free cell or an enemy warrior (an attack), never
  // into a car or a unit of mine; None if there is none.
  Dir step (const Unit& u, const VVI& dist) {
    int here = dist[u.pos.i][u.pos.j];
    Dir best = None;
    int best_d = here == -1 ? rows()*cols() : here;
    VI order = random_permutation(8);
    for (int k : order) {
      Pos n = u.pos + Dir(k);
      if (not enterable(u.type, n) or dist[n.i][n.j] == -1 or dist[n.i][n.j] >= best_d) continue;
      int id = cell(n).id;
      if (id != -1) {
        Unit o = unit(id);
        if (o.player == me() or o.type == Car) continue;
        if (u.type == Warrior and cell(n).type == City and cell(u.pos).type == City and u.water < o.water) continue;
      }
      best = Dir(k);
      best_d = dist[n.i][n.j];
    }
    return best;
  }

  void move_warriors () {
    if (round()%4 != me()) return;
    VVI to_water = distances(Warrior, [&](Pos p) { return near(p, Water); });
    VVI to_food = distances(Warrior, [&](Pos p) { return cell(p).type == City; });
    VVI to_enemy = distances(Warrior, [&](Pos p) {
      return cell(p).type == City and cell(p).owner != me() and cell(p).id == -1;
    });
    VI guards(cities.size(), 0);
    VI mine = warriors(me());
    for (int id : mine) {
      Unit u = unit(id);
      Pos p = u.pos;
      int c = city_of[p.i][p.j];
      Dir d = None;
      int wd = to_water[p.i][p.j], fd = to_food[p.i][p.j];
      if (wd > 0 and u.water <= wd + 8) d = step(u, to_water);
      else if (wd == 0 and u.water < warriors_health()) d = None;
      else if (fd > 0 and u.food <= fd + 8) d = step(u, to_food);
      else if (c != -1 and (cell(p).owner != me() or guards[c] < 4)) {
        ++guards[c];
        d = None;
      }
      else if (to_enemy[p.i][p.j] > 0) d = step(u, to_enemy);
      else d = step(u, to_food);
      command(id, d);
    }
  }

  void move_cars () {
    VVI to_prey = distances(Car, [&](Pos p) {
      int id = cell(p).id;
      return id != -1 and unit(id).player != me() and unit(id).type == Warrior;
    });
    VVI to_station = distances(Car, [&](Pos p) { return cell(p).type == Road and near(p, Station); });
    for (int id : cars(me())) {
      if (not can_move(id)) continue;
      Unit u = unit(id);
      Dir d = None;
      int sd = to_station[u.pos.i][u.pos.j];
      if (sd > 0 and u.food <= sd + 10) d = step(u, to_station);
      else if (sd == 0 and u.food < cars_fuel()/2) d = None;
      else d = step(u, to_prey);
      command(Movement(id, d));
    }
  }

  virtual void play () {
    if (round() == 0) {
      check_utils();
      check_structs();
      check_settings();
      find_cities();
      last_score = VI(nb_players(), 0);
      twin = Registry::new_player("Surface");
      _my_assert(twin != nullptr and Registry::Register("Surface2", factory) == 999, "registry");
      ostringstream names;
      Registry::print_players(names);
      // The kit prints the names to cout whatever os is; Arena's SDK prints them to os.
      _my_assert(names.str().empty() or names.str().find("Surface\n") != string::npos, "print_players");
      Random_generator& rg = *this;
      int r = rg.random(3, 5);
      _my_assert(r >= 3 and r <= 5, "random");
      VI perm = random_permutation(10);
      sort(perm.begin(), perm.end());
      for (int k = 0; k < 10; ++k) _my_assert(perm[k] == k, "random_permutation");
      Info& info = *this;
      info.update_vectors_by_player();
      const State& state = *this;
      const Settings& settings = *this;
      _my_assert(state.round() == 0 and settings.rows() == rows(), "State and Settings");
      // An Action of its own only records orders: nobody executes them, nothing warns.
      Action plan;
      plan.command(Movement(warriors(me())[0], Top));
      plan.command(nb_units() + 5, DirSize);
      Action other = Action();
      other.command(cars(me())[0], Bottom);
      _my_assert(string(_stringification(Mad Max)) == "Mad Max", "_stringification");
    }
    check_state();
    move_warriors();
    move_cars();
    int r = round();
    if (r == 0 or r == 1 or r == nb_rounds()/2 or r == nb_rounds() - 1)
      cerr << "surface ok round " << r << endl;
  }
};

RegisterPlayer(PLAYER_NAME);
