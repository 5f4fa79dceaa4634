#include "Player.hh"

/**
 * Corpus player for `arena build --game walking-dead`: it names every part of The Walking Dead
 * kit's player surface (Utils.hh, Defs.hh, Structs.hh, Settings.hh, State.hh, Action.hh,
 * Random.hh, Info.hh, Player.hh, Registry.hh) and checks with _my_assert every value the kit
 * fixes and the state's consistency, so an SDK that lacks a name does not compile it and an
 * SDK that differs from the kit freezes it. Every call has good arguments: it never warns. It
 * plays by killing adjacent zombies, attacking weaker neighbours and walking toward the nearest
 * food or cell it does not own, and prints "surface ok round R" at a few rounds.
 */
#define PLAYER_NAME Surface

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  static_assert(is_same<Registry::Factory, Player* (*)()>::value, "Registry::Factory");

  Player* twin = nullptr;
  int checks = 0;

  void check_utils () {
    _my_assert(string(GAME_NAME) == "TheWalkingDead", "GAME_NAME is " << GAME_NAME);
    _my_assert(string(VERSION) == "1.0", "VERSION is " << VERSION);
    _my_assert(version() == "TheWalkingDead 1.0", "version() is " << version());
    _my_assert(Settings::version() == version(), "static version()");
    _my_assert(int_to_string(-42) == "-42", "int_to_string");
    _my_assert(string_to_int("123") == 123, "string_to_int");
    ++checks;
  }

  void check_structs () {
    // Dir: the order, printing, validity, the keyboard letters, moving a Pos.
    Dir all[] = {Down, DR, Right, RU, Up, UL, Left, LD};
    const char* names[] = {"Down", "DR", "Right", "RU", "Up", "UL", "Left", "LD"};
    int di[] = {1, 1, 0, -1, -1, -1, 0, 1}, dj[] = {0, 1, 1, 1, 0, -1, -1, -1};
    for (int d = 0; d < 8; ++d) {
      _my_assert(int(all[d]) == d, "Dir " << d);
      ostringstream os;
      os << all[d];
      _my_assert(os.str() == names[d], "Dir prints " << os.str());
      _my_assert(dir_ok(all[d]), "dir_ok " << d);
      _my_assert(char2Dir(Dir2char(d)) == d, "Dir letters " << d);
      Pos p(10, 10);
      Pos q = p + all[d];
      _my_assert(q == Pos(10 + di[d], 10 + dj[d]), "Pos + " << all[d] << " is " << q);
      p += all[d];
      _my_assert(p == q, "Pos += Dir");
      _my_assert((Pos(10, 10) + all[d]) + all[(d + 4) % 8] == Pos(10, 10), "opposite of " << all[d]);
    }
    _my_assert(not dir_ok(Dir(8)) and not dir_ok(Dir(-1)), "dir_ok out of range");
    _my_assert(Dir2char(9) == '_' and char2Dir('x') == -1, "bad letters");
    // Pos: constructors, comparisons, sums, printing.
    Pos o;
    _my_assert(o.i == 0 and o.j == 0, "Pos()");
    _my_assert(Pos(1, 2) != Pos(2, 1) and Pos(1, 9) < Pos(2, 0) and Pos(1, 1) < Pos(1, 2), "Pos order");
    Pos s = Pos(1, 2) + Pos(3, 4);
    s += Pos(1, 1);
    _my_assert(s == Pos(5, 7), "Pos sums");
    ostringstream os;
    os << Pos(3, 4) << ' ' << Street << ' ' << Waste << ' ' << Alive << ' ' << Dead << ' ' << Zombie << ' ' << Move;
    _my_assert(os.str() == "(3, 4) Street Waste Alive Dead Zombie Move", "printing: " << os.str());
    // Cell, Unit, commands.
    Cell c;
    _my_assert(c.type == Street and c.owner == -1 and c.id == -1 and not c.food and c.is_empty(), "Cell()");
    Cell w(Waste, 2, 7, true);
    _my_assert(w.type == Waste and w.owner == 2 and w.id == 7 and not w.food and not w.is_empty(), "Cell(t, o, i, f)");
    Unit u;
    _my_assert(u.type == Alive and u.id == -1 and u.player == -1 and u.pos == Pos(0, 0) and u.rounds_for_zombie == -1, "Unit()");
    Unit v(Zombie, 3, -1, Pos(4, 5), -1);
    _my_assert(v.type == Zombie and v.id == 3 and v.pos == Pos(4, 5), "Unit(...)");
    _my_assert(command_type_ok(Move) and CommandType2char(Move) == 'm' and char2CommandType('m') == Move, "Move");
    _my_assert(char2CommandType('x') == -1 and CommandType2char(5) == '_', "bad command letters");
    for (int t = Alive; t <= Zombie; ++t) _my_assert(char2UnitType(UnitType2char(t)) == t, "unit letters " << t);
    _my_assert(char2UnitType('q') == -1, "bad unit letter");
    // Info::char2Cell: the board file's characters.
    _my_assert(Info::char2Cell('W').type == Waste and Info::char2Cell('.').owner == -1, "char2Cell");
    _my_assert(Info::char2Cell('2').owner == 2 and Info::char2Cell('2').type == Street, "char2Cell owner");
    ++checks;
  }

  void check_settings () {
    _my_assert(num_players() == 4 and num_rounds() == 200, "players, rounds");
    _my_assert(board_rows() == 60 and board_cols() == 60, "board size");
    _my_assert(num_ini_units_per_clan() == 20 and num_ini_zombies() == 10 and num_ini_food() == 15, "counts");
    _my_assert(clan_ini_strength() == 1000 and food_strength() == 50, "strength");
    _my_assert(points_for_killing_person() == 50 and points_for_killing_zombie() == 10, "kill points");
    _my_assert(points_per_owned_cell() == 1 and rounds_before_becoming_zombie() == 5, "cells, zombies");
    _my_assert(player_ok(0) and player_ok(3) and not player_ok(4) and not player_ok(-1), "player_ok");
    _my_assert(pos_ok(0, 0) and pos_ok(Pos(59, 59)) and not pos_ok(60, 0) and not pos_ok(Pos(0, -1)), "pos_ok");
    ++checks;
  }

  // The state is consistent with itself: every unit is on its cell, the lists are sorted and
  // partition the units, food is on empty street cells, and there are num_ini_food of them.
  void check_state () {
    int total = 4 * num_ini_units_per_clan() + num_ini_zombies();
    int listed = zombies().size();
    for (int pl = 0; pl < num_players(); ++pl) {
      VI alive = alive_units(pl), dead = dead_units(pl);
      _my_assert(is_sorted(alive.begin(), alive.end()) and is_sorted(dead.begin(), dead.end()), "sorted lists");
      for (int id : alive) {
        Unit u = unit(id);
        _my_assert(u.type == Alive and u.player == pl and u.id == id, "alive unit " << id);
        _my_assert(cell(u.pos).owner == pl, "an alive unit owns its cell");
      }
      for (int id : dead) _my_assert(unit(id).type == Dead and unit(id).player == pl, "dead unit " << id);
      listed += alive.size() + dead.size();
      _my_assert(strength(pl) >= 0 and score(pl) >= 0, "strength, score");
      _my_assert(status(pl) >= -1 and status(pl) <= 1, "status");
    }
    _my_assert(listed == total, listed << " units listed, " << total << " expected");
    for (int id : zombies()) _my_assert(unit(id).type == Zombie and unit(id).player == -1, "zombie " << id);
    int food = 0;
    for (int i = 0; i < board_rows(); ++i)
      for (int j = 0; j < board_cols(); ++j) {
        Cell c = cell(i, j);
        _my_assert(c.type == cell(Pos(i, j)).type, "cell(i, j) and cell(p)");
        if (c.id != -1) _my_assert(unit(c.id).pos == Pos(i, j) and c.type == Street, "unit at " << Pos(i, j));
        if (c.food) {
          ++food;
          _my_assert(c.id == -1 and c.type == Street, "food on an empty street cell");
        }
        if (c.type == Waste) _my_assert(c.owner == -1, "owned waste");
      }
    _my_assert(food == num_ini_food(), food << " food items");
    ++checks;
  }

  // The first step of a shortest street path (4 directions, around units) toward a cell that
  // holds food, or failing that one not owned by me; -1 if none is reachable.
  int step_toward_target (Pos from) {
    VVI dist(board_rows(), VI(board_cols(), -1));
    VVI first(board_rows(), VI(board_cols(), -1));
    queue<Pos> q;
    dist[from.i][from.j] = 0;
    q.push(from);
    int best = -1;
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      for (int k = 0; k < 4; ++k) {
        Dir d = vector<Dir>{Down, Right, Up, Left}[k];
        Pos n = p + d;
        if (not pos_ok(n) or dist[n.i][n.j] != -1) continue;
        Cell c = cell(n);
        if (c.type == Waste or c.id != -1) continue;
        dist[n.i][n.j] = dist[p.i][p.j] + 1;
        first[n.i][n.j] = p == from ? int(d) : first[p.i][p.j];
        if (c.food) return first[n.i][n.j];
        if (best == -1 and c.owner != me()) best = first[n.i][n.j];
        q.push(n);
      }
    }
    return best;
  }

  virtual void play () {
    if (round() == 0) {
      check_utils();
      check_structs();
      check_settings();
      twin = Registry::new_player("Surface");
      _my_assert(twin != nullptr and Registry::Register("Surface2", factory) == 999, "registry");
      Random_generator& rg = *this;
      int r = rg.random(3, 5);
      _my_assert(r >= 3 and r <= 5, "random");
      VI perm = random_permutation(10);
      sort(perm.begin(), perm.end());
      for (int k = 0; k < 10; ++k) _my_assert(perm[k] == k, "random_permutation");
    }
    check_state();
    int mine = strength(me());
    for (int id : alive_units(me())) {
      Pos p = unit(id).pos;
      int chosen = -1;
      for (Dir d : {Down, Right, Up, Left}) {
        Pos n = p + d;
        if (not pos_ok(n) or cell(n).id == -1) continue;
        Unit o = unit(cell(n).id);
        if (o.type == Zombie or (o.type == Alive and o.player != me() and strength(o.player) <= mine)) {
          chosen = d;
          break;
        }
      }
      if (chosen == -1) chosen = step_toward_target(p);
      if (chosen != -1) move(id, Dir(chosen));
    }
    int r = round();
    if (r == 0 or r == 1 or r == num_rounds() / 2 or r == num_rounds() - 1)
      cerr << "surface ok round " << r << endl;
  }

  typedef vector<int> VI;
  typedef vector<VI> VVI;
};

RegisterPlayer(PLAYER_NAME);
