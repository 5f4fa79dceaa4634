#include "Player.hh"

/**
 * Corpus player for `arena build --game purge`: it names every part of The Purge kit's player
 * surface (Utils.hh, Defs.hh, Structs.hh, Settings.hh, State.hh, Action.hh, Random.hh, Info.hh,
 * Player.hh, Registry.hh) and checks with _my_assert every value the kit fixes and the state's
 * consistency, so an SDK that lacks a name does not compile it and an SDK that differs from the
 * kit freezes it. Every call has good arguments: it never warns. It plays by attacking rivals
 * next to its warriors at night and walking every citizen toward the nearest money or food,
 * and prints "surface ok round R" at a few rounds.
 */
#define PLAYER_NAME Surface

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  static_assert(is_same<Registry::Factory, Player* (*)()>::value, "Registry::Factory");

  typedef vector<int> VI;
  typedef vector<VI> VVI;

  Player* twin = nullptr;

  void check_utils () {
    _my_assert(string(GAME_NAME) == "ThePurge", "GAME_NAME is " << GAME_NAME);
    _my_assert(string(VERSION) == "1.0", "VERSION is " << VERSION);
    _my_assert(version() == "ThePurge 1.0", "version() is " << version());
    _my_assert(Settings::version() == version(), "static version()");
    _my_assert(int_to_string(-42) == "-42", "int_to_string");
    _my_assert(string_to_int("123") == 123, "string_to_int");
  }

  void check_structs () {
    Dir all[] = {Down, Right, Up, Left};
    const char* names[] = {"Down", "Right", "Up", "Left"};
    int di[] = {1, 0, -1, 0}, dj[] = {0, 1, 0, -1};
    for (int d = 0; d < 4; ++d) {
      _my_assert(int(all[d]) == d, "Dir " << d);
      ostringstream os;
      os << all[d];
      _my_assert(os.str() == names[d], "Dir prints " << os.str());
      _my_assert(dir_ok(all[d]), "dir_ok " << d);
      Pos p(5, 5);
      Pos q = p + all[d];
      _my_assert(q == Pos(5 + di[d], 5 + dj[d]), "Pos + " << all[d] << " is " << q);
      p += all[d];
      _my_assert(p == q, "Pos += Dir");
      _my_assert((Pos(5, 5) + all[d]) + all[(d + 2) % 4] == Pos(5, 5), "opposite of " << all[d]);
    }
    _my_assert(not dir_ok(Dir(4)) and not dir_ok(Dir(-1)), "dir_ok out of range");
    Pos o;
    _my_assert(o.i == 0 and o.j == 0, "Pos()");
    _my_assert(Pos(1, 2) != Pos(2, 1) and Pos(1, 9) < Pos(2, 0) and Pos(1, 1) < Pos(1, 2), "Pos order");
    Pos s = Pos(1, 2) + Pos(3, 4);
    s += Pos(1, 1);
    _my_assert(s == Pos(5, 7), "Pos sums");
    ostringstream os;
    os << Pos(3, 4) << ' ' << Street << ' ' << Building << ' ' << Money << ' ' << Food << ' ' << NoBonus << ' '
       << Hammer << ' ' << Gun << ' ' << Bazooka << ' ' << NoWeapon << ' ' << Builder << ' ' << Warrior << ' '
       << Move << ' ' << Build;
    _my_assert(os.str() == "(3, 4) Street Building Money Food NoBonus Hammer Gun Bazooka NoWeapon Builder Warrior Move Build",
               "printing: " << os.str());
    _my_assert(strongestWeapon(Hammer, Gun) == Gun and strongestWeapon(Bazooka, Hammer) == Bazooka, "strongestWeapon");
    _my_assert(strongestWeapon(NoWeapon, Hammer) == Hammer and strongestWeapon(NoWeapon, NoWeapon) == NoWeapon,
               "strongestWeapon with none");
    Cell c;
    _my_assert(c.type == Street and c.bonus == NoBonus and c.weapon == NoWeapon and c.resistance == -1 and
               c.b_owner == -1 and c.id == -1 and c.is_empty(), "Cell()");
    Cell b(Street, NoBonus, NoWeapon, 40, 2, -1);
    _my_assert(b.resistance == 40 and b.b_owner == 2 and not b.is_empty(), "Cell with a barricade");
    _my_assert(not Cell(Building, NoBonus, NoWeapon, -1, -1, -1).is_empty(), "a building is not empty");
    _my_assert(not Cell(Street, Money, NoWeapon, -1, -1, -1).is_empty(), "money is not empty");
    Citizen z;
    _my_assert(z.type == Builder and z.id == -1 and z.player == -1 and z.pos == Pos(0, 0) and z.weapon == NoWeapon and
               z.life == INT_MAX, "Citizen()");
    Citizen w(Warrior, 3, 1, Pos(4, 5), Gun, 80);
    _my_assert(w.type == Warrior and w.id == 3 and w.player == 1 and w.pos == Pos(4, 5) and w.weapon == Gun and w.life == 80,
               "Citizen(...)");
    _my_assert(int(Move) == 0 and int(Build) == 1, "CommandType");
    _my_assert(Info::char2Cell('B').type == Building and Info::char2Cell('G').weapon == Gun, "char2Cell");
    _my_assert(Info::char2Cell('Z').weapon == Bazooka and Info::char2Cell('M').bonus == Money, "char2Cell items");
    _my_assert(Info::char2Cell('F').bonus == Food and Info::char2Cell('w').is_empty(), "char2Cell food, citizens");
  }

  void check_settings () {
    _my_assert(num_players() == 4 and num_days() == 5 and num_rounds_per_day() == 50 and num_rounds() == 250, "rounds");
    _my_assert(board_rows() == 15 and board_cols() == 30, "board size");
    _my_assert(num_ini_builders() == 4 and num_ini_warriors() == 2, "citizens");
    _my_assert(num_ini_money() == 10 and num_ini_food() == 5 and num_ini_guns() == 4 and num_ini_bazookas() == 2, "items");
    _my_assert(builder_ini_life() == 60 and warrior_ini_life() == 100, "lives");
    _my_assert(citizen_ini_life(Builder) == 60 and citizen_ini_life(Warrior) == 100, "citizen_ini_life");
    _my_assert(money_points() == 5 and kill_builder_points() == 100 and kill_warrior_points() == 250, "points");
    _my_assert(food_incr_life() == 20 and life_lost_in_attack() == 20, "food, attack");
    _my_assert(builder_strength_attack() == 1 and hammer_strength_attack() == 10, "attack strengths");
    _my_assert(gun_strength_attack() == 100 and bazooka_strength_attack() == 1000, "attack strengths");
    _my_assert(weapon_strength_attack(NoWeapon) == 1 and weapon_strength_attack(Gun) == 100, "weapon_strength_attack");
    _my_assert(builder_strength_demolish() == 3 and hammer_strength_demolish() == 10, "demolish strengths");
    _my_assert(gun_strength_demolish() == 10 and bazooka_strength_demolish() == 30, "demolish strengths");
    _my_assert(weapon_strength_demolish(NoWeapon) == 3 and weapon_strength_demolish(Bazooka) == 30, "weapon_strength_demolish");
    _my_assert(num_rounds_regen_builder() == 50 and num_rounds_regen_warrior() == 50, "regeneration");
    _my_assert(num_rounds_regen_citizen(Builder) == 50 and num_rounds_regen_citizen(Warrior) == 50, "regeneration");
    _my_assert(num_rounds_regen_food() == 10 and num_rounds_regen_money() == 5 and num_rounds_regen_weapon() == 40, "items back");
    _my_assert(barricade_resistance_step() == 40 and barricade_max_resistance() == 320 and max_num_barricades() == 3, "barricades");
    _my_assert(player_ok(0) and player_ok(3) and not player_ok(4) and not player_ok(-1), "player_ok");
    _my_assert(pos_ok(0, 0) and pos_ok(Pos(14, 29)) and not pos_ok(15, 0) and not pos_ok(Pos(0, -1)), "pos_ok");
    _my_assert(is_round_day(0) and is_round_day(24) and is_round_night(25) and is_round_night(49) and is_round_day(50), "day and night");
  }

  // The state is consistent with itself: every citizen is on its cell with a life in range,
  // the lists are sorted, barricades are on street cells of their owner, and at round 0 the
  // items are the initial ones.
  void check_state () {
    _my_assert(is_day() == is_round_day(round()) and is_night() == not is_day(), "is_day");
    int listed = 0;
    for (int pl = 0; pl < num_players(); ++pl) {
      VI b = builders(pl), w = warriors(pl);
      _my_assert(is_sorted(b.begin(), b.end()) and is_sorted(w.begin(), w.end()), "sorted lists");
      for (int id : b) {
        Citizen c = citizen(id);
        _my_assert(c.type == Builder and c.player == pl and c.id == id and c.weapon == NoWeapon, "builder " << id);
        _my_assert(c.life > 0 and c.life <= builder_ini_life(), "builder life " << c.life);
        _my_assert(cell(c.pos).id == id and cell(c.pos).type == Street, "builder on its cell");
      }
      for (int id : w) {
        Citizen c = citizen(id);
        _my_assert(c.type == Warrior and c.player == pl and c.id == id and c.weapon != NoWeapon, "warrior " << id);
        _my_assert(c.life > 0 and c.life <= warrior_ini_life(), "warrior life " << c.life);
        _my_assert(cell(c.pos).id == id, "warrior on its cell");
      }
      listed += b.size() + w.size();
      vector<Pos> bs = barricades(pl);
      _my_assert(int(bs.size()) <= max_num_barricades() and is_sorted(bs.begin(), bs.end()), "barricades of " << pl);
      for (Pos p : bs) {
        Cell c = cell(p);
        _my_assert(c.b_owner == pl and c.resistance > 0 and c.resistance <= barricade_max_resistance(), "barricade " << p);
      }
      _my_assert(score(pl) >= 0 and status(pl) >= -1 and status(pl) <= 1, "score, status");
    }
    int items[4] = {0, 0, 0, 0}, on_cells = 0;
    for (int i = 0; i < board_rows(); ++i)
      for (int j = 0; j < board_cols(); ++j) {
        Cell c = cell(i, j);
        _my_assert(c.type == cell(Pos(i, j)).type, "cell(i, j) and cell(p)");
        if (c.id != -1) ++on_cells;
        if (c.bonus == Money) ++items[0];
        if (c.bonus == Food) ++items[1];
        if (c.weapon == Gun) ++items[2];
        if (c.weapon == Bazooka) ++items[3];
        if (c.type == Building) _my_assert(c.is_empty() == false and c.bonus == NoBonus and c.id == -1, "building");
      }
    _my_assert(on_cells == listed, on_cells << " citizens on cells, " << listed << " listed");
    if (round() == 0) {
      _my_assert(listed == 4 * (num_ini_builders() + num_ini_warriors()), "initial citizens");
      _my_assert(items[0] == num_ini_money() and items[1] == num_ini_food(), "initial money and food");
      _my_assert(items[2] == num_ini_guns() and items[3] == num_ini_bazookas(), "initial weapons");
    }
  }

  // The first step of a shortest street path around buildings, citizens and rival barricades
  // toward money or food; -1 if none is reachable.
  int step_toward_money (Pos from) {
    VVI dist(board_rows(), VI(board_cols(), -1));
    VVI first(board_rows(), VI(board_cols(), -1));
    queue<Pos> q;
    dist[from.i][from.j] = 0;
    q.push(from);
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      for (Dir d : {Down, Right, Up, Left}) {
        Pos n = p + d;
        if (not pos_ok(n) or dist[n.i][n.j] != -1) continue;
        Cell c = cell(n);
        if (c.type == Building or c.id != -1 or (c.b_owner != -1 and c.b_owner != me())) continue;
        dist[n.i][n.j] = dist[p.i][p.j] + 1;
        first[n.i][n.j] = p == from ? int(d) : first[p.i][p.j];
        if (c.bonus != NoBonus) return first[n.i][n.j];
        q.push(n);
      }
    }
    return -1;
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
    VI all = warriors(me());
    VI b = builders(me());
    all.insert(all.end(), b.begin(), b.end());
    for (int id : all) {
      Citizen u = citizen(id);
      int chosen = -1;
      if (is_night() and u.type == Warrior) {
        for (Dir d : {Down, Right, Up, Left}) {
          Pos n = u.pos + d;
          if (pos_ok(n) and cell(n).id != -1 and citizen(cell(n).id).player != me() and cell(n).b_owner == -1) {
            chosen = d;
            break;
          }
        }
      }
      if (chosen == -1) chosen = step_toward_money(u.pos);
      if (chosen != -1) move(id, Dir(chosen));
    }
    int r = round();
    if (r == 0 or r == 1 or r == num_rounds() / 2 or r == num_rounds() - 1)
      cerr << "surface ok round " << r << endl;
  }
};

RegisterPlayer(PLAYER_NAME);
