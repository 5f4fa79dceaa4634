#include "Player.hh"

/**
 * Corpus player for `arena build --game pandemic`: it names every part of the Pandemic kit's
 * player surface (Utils.hh, Defs.hh, Structs.hh, Settings.hh, State.hh, Action.hh, Random.hh,
 * Info.hh, Player.hh, Registry.hh) and checks with _my_assert every value the kit fixes, so an
 * SDK that lacks a name does not compile it and an SDK that differs from the kit freezes it.
 * Every call has good arguments: it never warns. It plays by walking its units towards the
 * nearest city or path it does not own, and prints "surface ok round R" at a few rounds.
 */
#define PLAYER_NAME Surface


struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef vector<int> VI;
  typedef vector<VI>  VVI;

  // The kit's typedefs, as a student would spell them.
  typedef State::City MyCity;
  typedef State::Path MyPath;

  static_assert(is_same<MyCity, vector<Pos> >::value, "State::City is vector<Pos>");
  static_assert(is_same<MyPath, pair< pair<int,int>, vector<Pos> > >::value, "State::Path");
  static_assert(is_same<Registry::Factory, Player* (*)()>::value, "Registry::Factory");

  Player* twin = nullptr;   // a second player made by the registry
  int     checks = 0;

  // Utils.hh and Defs.hh.
  void check_utils () {
    _my_assert(string(GAME_NAME) == "Pandemic", "GAME_NAME is " << GAME_NAME);
    _my_assert(string(VERSION) == "1.0", "VERSION is " << VERSION);
    _my_assert(int_to_string(-42) == "-42", "int_to_string " << int_to_string(-42));
    _my_assert(int_to_string(0) == "0", "int_to_string(0)");
    _my_assert(string_to_int("123") == 123, "string_to_int " << string_to_int("123"));
    _my_assert(string_to_int(int_to_string(INT_MIN)) == INT_MIN, "round trip");
    _my_assert(1 + 1 == 2, "a" << 3);
    _my_assert(true, "streamed " << 1 << ' ' << 2.5 << ' ' << Pos(1, 2));
    ++checks;
  }

  // Structs.hh: Dir, Pos, CellType, Cell, Unit and the characters.
  void check_structs () {
    _my_assert(BOTTOM == 0 and RIGHT == 1 and TOP == 2 and LEFT == 3, "Dir codes");
    _my_assert(NONE == 4 and DIR_SIZE == 5, "NONE and DIR_SIZE");
    for (int d = 0; d < DIR_SIZE; ++d) _my_assert(dir_ok(Dir(d)), "dir_ok " << d);
    _my_assert(dir_ok(NONE) and not dir_ok(DIR_SIZE), "dir_ok(NONE), not dir_ok(DIR_SIZE)");

    Pos o;
    _my_assert(o.i == 0 and o.j == 0, "Pos() is " << o);
    _my_assert(Pos() == Pos(0, 0), "Pos() == Pos(0, 0)");
    Pos p(2, 3);
    _my_assert(p + BOTTOM == Pos(3, 3), "BOTTOM is i + 1");
    _my_assert(p + RIGHT  == Pos(2, 4), "RIGHT is j + 1");
    _my_assert(p + TOP    == Pos(1, 3), "TOP is i - 1");
    _my_assert(p + LEFT   == Pos(2, 2), "LEFT is j - 1");
    _my_assert(p + NONE   == p, "NONE stays");
    _my_assert(p + DIR_SIZE == p, "DIR_SIZE stays");
    _my_assert(p + Pos(10, -1) == Pos(12, 2), "Pos + Pos");
    Pos q = p;
    q += TOP;
    q += Pos(5, 5);
    _my_assert(q == Pos(6, 8), "+= " << q);
    _my_assert((q += LEFT) == Pos(6, 7), "+= returns the position");
    _my_assert(p != q and not (p != p), "!=");
    _my_assert(Pos(1, 9) < Pos(2, 0) and Pos(2, 0) < Pos(2, 1) and not (p < p), "<");
    ostringstream oss;
    oss << p << Pos(-1, 10);
    _my_assert(oss.str() == "(2, 3)(-1, 10)", "<< prints " << oss.str());
    set<Pos> s = {Pos(1, 1), Pos(0, 5), Pos(1, 1)};
    _my_assert(s.size() == 2 and *s.begin() == Pos(0, 5), "Pos in a set");

    _my_assert(WALL == 0 and GRASS == 1 and CITY == 2 and PATH == 3 and CELL_TYPE_SIZE == 4, "CellType");
    _my_assert(wALL == 'W' and gRASS == '.' and cITY == ';' and pATH == ',', "the characters");
    string chars = {wALL, gRASS, cITY, pATH};
    for (char c : chars) _my_assert(CellType2char(char2CellType(c)) == c, "char " << c);
    for (int t = 0; t < CELL_TYPE_SIZE; ++t)
      _my_assert(char2CellType(CellType2char(CellType(t))) == CellType(t), "type " << t);
    _my_assert(CellType2char(CELL_TYPE_SIZE) == 'X', "CellType2char(CELL_TYPE_SIZE)");

    Cell c;
    _my_assert(c.type == CELL_TYPE_SIZE and c.unit_id == -1 and c.city_id == -1, "Cell()");
    _my_assert(c.path_id == -1 and c.virus == 0 and not c.mask, "Cell() virus, mask");
    Cell c2(PATH, 7, -1, 3, 2, true);
    _my_assert(c2.type == PATH and c2.unit_id == 7 and c2.city_id == -1 and c2.path_id == 3, "Cell(...)");
    _my_assert(c2.virus == 2 and c2.mask, "Cell(...) virus, mask");

    Unit u;
    _my_assert(u.id == -1 and u.player == -1 and u.pos == Pos(0, 0) and u.health == 0, "Unit()");
    _my_assert(u.damage == 0 and u.turns == 0 and not u.immune and not u.mask, "Unit() virus");
    Unit u2(5, 2);
    _my_assert(u2.id == 5 and u2.player == 2 and u2.pos == Pos(0, 0) and u2.health == 0, "Unit(id, pl)");
    _my_assert(u2.damage == 0 and u2.turns == 0 and not u2.immune and not u2.mask, "defaults");
    Unit u3(6, 1, Pos(4, 4), 80);
    _my_assert(u3.pos == Pos(4, 4) and u3.health == 80 and u3.damage == 0, "Unit(id, pl, p, h)");
    Unit u4(7, 3, Pos(1, 2), 50, 3, 4, true, true);
    _my_assert(u4.damage == 3 and u4.turns == 4 and u4.immune and u4.mask, "Unit(all)");
    ++checks;
  }

  // Settings.hh.
  void check_settings () {
    _my_assert(Settings::version() == "Pandemic 1.0", "version() is " << Settings::version());
    _my_assert(version() == string(GAME_NAME) + " " + VERSION, "version()");
    const Settings& s = *this;
    _my_assert(s.nb_players() == 4 and nb_players() == 4, "nb_players");
    _my_assert(rows() > 0 and cols() > 0 and nb_rounds() > 0, "board and rounds");
    _my_assert(initial_health() > 0 and nb_units() > 0, "health and units");
    _my_assert(bonus_per_city_cell() >= 0 and bonus_per_path_cell() >= 0, "bonuses");
    _my_assert(factor_connected_component() >= 0, "factor");
    double f = infection_factor(), m = mask_protection();
    _my_assert(f > 0 and m > 0, "infection " << f << " mask " << m);
    for (int pl = 0; pl < nb_players(); ++pl) _my_assert(player_ok(pl), "player_ok " << pl);
    _my_assert(not player_ok(-1) and not player_ok(nb_players()), "player_ok out");
    _my_assert(pos_ok(0, 0) and pos_ok(rows() - 1, cols() - 1), "pos_ok corners");
    _my_assert(not pos_ok(-1, 0) and not pos_ok(0, cols()) and not pos_ok(rows(), 0), "pos_ok out");
    _my_assert(pos_ok(Pos(1, 1)) and not pos_ok(Pos(0, -1)), "pos_ok(Pos)");
    ++checks;
  }

  // State.hh, Info.hh and Player::me().
  void check_state () {
    const State& st = *this;
    _my_assert(st.round() == round() and round() >= 0 and round() < nb_rounds(), "round");
    _my_assert(player_ok(me()), "me() is " << me());
    Info& info = *this;
    _my_assert(info.ok(), "Info::ok()");
    for (int pl = 0; pl < nb_players(); ++pl) {
      _my_assert(total_score(pl) >= 0, "total_score " << pl);
      double stat = status(pl);
      _my_assert(stat == -1 or (stat >= 0 and stat <= 1), "status " << pl << " " << stat);
    }
    _my_assert(total_units() == nb_players() * nb_units(), "total_units " << total_units());

    int listed = 0;
    for (int pl = 0; pl < nb_players(); ++pl) {
      VI v = my_units(pl);
      listed += v.size();
      for (int id : v) _my_assert(unit(id).player == pl, "my_units " << pl);
    }
    _my_assert(listed == total_units(), "every unit has a player");
    if (round() == 0)
      _my_assert(int(my_units(me()).size()) == nb_units(), "nb_units() units at the start");

    for (int id = 0; id < total_units(); ++id) {
      Unit u = unit(id);
      _my_assert(u.id == id and pos_ok(u.pos), "unit " << id);
      _my_assert(cell(u.pos).unit_id == id and cell(u.pos.i, u.pos.j).unit_id == id, "unit cell");
      _my_assert(u.health >= 0 and u.health <= initial_health(), "health " << u.health);
      _my_assert(u.damage >= 0 and u.turns >= 0, "damage and turns");
      if (round() == 0) _my_assert(u.health == initial_health(), "initial health");
    }

    VI per_type(CELL_TYPE_SIZE, 0);
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j) {
        Cell c = cell(i, j);
        _my_assert(c.type >= 0 and c.type < CELL_TYPE_SIZE, "type at " << Pos(i, j));
        ++per_type[c.type];
        _my_assert((c.type == CITY) == (c.city_id != -1), "city id at " << Pos(i, j));
        _my_assert((c.type == PATH) == (c.path_id != -1), "path id at " << Pos(i, j));
        _my_assert(c.virus >= 0, "virus");
        _my_assert(not c.mask or c.type == GRASS, "masks on grass");
      }
    _my_assert(per_type[WALL] > 0 and per_type[GRASS] > 0, "walls and grass");
    _my_assert(nb_cities() > 0 and nb_paths() > 0, "cities and paths");

    for (int k = 0; k < nb_cities(); ++k) {
      MyCity ci = city(k);
      _my_assert(not ci.empty(), "city " << k);
      for (Pos p : ci) _my_assert(cell(p).type == CITY and cell(p).city_id == k, "city cell");
      int o = city_owner(k);
      _my_assert(o == -1 or player_ok(o), "city owner " << o);
    }
    for (int k = 0; k < nb_paths(); ++k) {
      MyPath pa = path(k);
      int a = pa.first.first, b = pa.first.second;
      _my_assert(a >= 0 and a < nb_cities() and b >= 0 and b < nb_cities() and a != b, "path ends");
      for (Pos p : pa.second) _my_assert(cell(p).path_id == k, "path cell");
      int o = path_owner(k);
      _my_assert(o == -1 or player_ok(o), "path owner " << o);
    }
    ++checks;
  }

  // Random.hh.
  void check_random () {
    Random_generator& g = *this;
    for (int k = 0; k < 20; ++k) {
      int x = g.random(-3, 3);
      _my_assert(x >= -3 and x <= 3, "random " << x);
    }
    _my_assert(random(8, 8) == 8, "random(l, l)");
    VI perm = random_permutation(9);
    _my_assert(perm.size() == 9, "permutation size");
    sort(perm.begin(), perm.end());
    for (int k = 0; k < 9; ++k) _my_assert(perm[k] == k, "a permutation");
    _my_assert(random_permutation(0).empty(), "random_permutation(0)");
    ++checks;
  }

  // Registry.hh.
  void check_registry () {
    Registry::Factory f = PLAYER_NAME::factory;
    int r = Registry::Register("SurfaceTwin", f);
    _my_assert(r == 999, "Register returns " << r);
    ostringstream oss;
    Registry::print_players(oss);
    _my_assert(oss.str().find("SurfaceTwin\n") != string::npos, "print_players: " << oss.str());
    Registry::print_players(cerr);
    twin = Registry::new_player("SurfaceTwin");
    _my_assert(twin != nullptr, "new_player");
    ++checks;
  }

  // Not called: _unreachable() only has to compile.
  char dir_char (Dir d) {
    switch (d) {
    case BOTTOM: return 'b';
    case RIGHT:  return 'r';
    case TOP:    return 't';
    case LEFT:   return 'l';
    case NONE:   return 'n';
    default:     _unreachable();
    }
    return '?';
  }

  bool wanted (const Cell& c) {
    if (c.type == CITY) return city_owner(c.city_id) != me();
    if (c.type == PATH) return path_owner(c.path_id) != me();
    return false;
  }

  // Distance from every cell to the nearest wanted cell (one BFS from all of them).
  VVI distances () {
    VVI dist(rows(), VI(cols(), INT_MAX));
    queue<Pos> q;
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j)
        if (wanted(cell(i, j))) {
          dist[i][j] = 0;
          q.push(Pos(i, j));
        }
    while (not q.empty()) {
      Pos p = q.front(); q.pop();
      for (int d = 0; d < 4; ++d) {
        Pos n = p + Dir(d);
        if (pos_ok(n) and cell(n).type != WALL and dist[n.i][n.j] == INT_MAX) {
          dist[n.i][n.j] = dist[p.i][p.j] + 1;
          q.push(n);
        }
      }
    }
    return dist;
  }

  void move_units () {
    VVI dist = distances();
    VI mine = my_units(me());
    // The kit's accessors return copies: code that changes what it gets compiles and changes
    // only its copy.
    for (int& id : my_units(me())) id = -id;
    if (nb_cities() > 0) {
      for (Pos& q : city(0)) q += TOP;
    }
    if (nb_paths() > 0) for (Pos& q : path(0).second) q += LEFT;
    if (not mine.empty()) {
      Pos before = unit(mine[0]).pos;
      unit(mine[0]).pos += BOTTOM;
      _my_assert(unit(mine[0]).pos == before, "unit() is a copy");
    }
    VI perm = random_permutation(mine.size());
    Action& act = *this;
    for (int k = 0; k < int(perm.size()); ++k) {
      int id = mine[perm[k]];
      Pos p = unit(id).pos;
      Dir best = NONE;
      int bd = dist[p.i][p.j];
      for (int d = 0; d < DIR_SIZE; ++d) {
        Pos n = p + Dir(d);
        if (pos_ok(n) and dist[n.i][n.j] < bd) {
          bd = dist[n.i][n.j];
          best = Dir(d);
        }
      }
      if (best == NONE and bd > 0) best = Dir(random(0, 3));
      // Both ways of giving an order.
      if (k % 2 == 0) move(id, best);
      else act.execute(Command(id, best));
    }
  }

  virtual void play () {
    if (round() == 0) {
      check_utils();
      check_structs();
      check_settings();
      check_random();
      check_registry();
    }
    check_state();
    if (round() % 10 == 0) {
      check_structs();
      check_random();
    }
    int r = round();
    if (r == 0 or r == 1 or r == nb_rounds() / 2 or r == nb_rounds() - 1)
      cerr << "surface ok round " << r << endl;
    move_units();
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
