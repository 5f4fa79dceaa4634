#include "Player.hh"

/**
 * Corpus player for `arena build --game pandemic`: every round it calls every accessor of the
 * kit with bad arguments (ids below zero and past the end, positions off the board, players that
 * do not exist, empty intervals) and gives bad orders (unknown units, another player's unit,
 * invalid directions, a second order for a unit). As in the kit, each call only warns on stderr
 * and returns the kit's default, which _my_assert checks; then it plays normally. It must never
 * be frozen. At round 0 it prints the figures the test needs to spell the warnings:
 * "figures me M units U cities C paths P rows R cols K other X of Q mine A B D".
 */
#define PLAYER_NAME Tolerant


struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef vector<int> VI;

  void check_default_cell (const Cell& c) {
    _my_assert(c.type == CELL_TYPE_SIZE, "Cell() type " << c.type);
    _my_assert(c.unit_id == -1 and c.city_id == -1 and c.path_id == -1, "Cell() ids");
    _my_assert(c.virus == 0 and not c.mask, "Cell() virus and mask");
  }

  void check_default_unit (const Unit& u) {
    _my_assert(u.id == -1 and u.player == -1 and u.pos == Pos(0, 0), "Unit() " << u.id);
    _my_assert(u.health == 0 and u.damage == 0 and u.turns == 0, "Unit() health");
    _my_assert(not u.immune and not u.mask, "Unit() immune and mask");
  }

  // Every accessor with bad arguments; returns nothing, checks the defaults.
  void bad_queries () {
    check_default_cell(cell(-1, 0));
    check_default_cell(cell(Pos(rows(), cols())));
    check_default_cell(cell(3, -7));
    check_default_cell(cell(Pos(0, cols())));

    _my_assert(total_score(-1) == -1, "total_score(-1)");
    _my_assert(total_score(nb_players()) == -1, "total_score(nb_players())");
    _my_assert(status(-1) == -2, "status(-1)");
    _my_assert(status(nb_players()) == -2, "status(nb_players())");

    check_default_unit(unit(-1));
    check_default_unit(unit(total_units()));

    State::City c = city(-1);
    _my_assert(c.empty(), "city(-1)");
    _my_assert(city(nb_cities()).empty(), "city(nb_cities())");
    _my_assert(city_owner(-1) == -1, "city_owner(-1)");
    _my_assert(city_owner(nb_cities()) == -1, "city_owner(nb_cities())");

    State::Path p = path(-1);
    _my_assert(p.first.first == 0 and p.first.second == 0 and p.second.empty(), "path(-1)");
    _my_assert(path(nb_paths()) == State::Path(), "path(nb_paths())");
    _my_assert(path_owner(-1) == -1, "path_owner(-1)");
    _my_assert(path_owner(nb_paths()) == -1, "path_owner(nb_paths())");

    _my_assert(my_units(-1).empty(), "my_units(-1)");
    _my_assert(my_units(nb_players()).empty(), "my_units(nb_players())");

    // No warning for these, as in the kit.
    _my_assert(random(5, 3) == 5, "random(5, 3)");
    _my_assert(random(0, 2000000) == 0, "random over too many values");
    _my_assert(random_permutation(-1).empty(), "random_permutation(-1)");
    _my_assert(random_permutation(2000000).empty(), "random_permutation(2000000)");
    _my_assert(not pos_ok(-1, -1) and not player_ok(-1), "no warning for the checks");
  }

  // A unit of another player, -1 if none.
  int others_unit (int& owner) {
    for (int k = 1; k < nb_players(); ++k) {
      int pl = (me() + k) % nb_players();
      VI v = my_units(pl);
      if (not v.empty()) {
        owner = pl;
        return v[0];
      }
    }
    return -1;
  }

  // Bad orders first, then a normal move for every unit not ordered yet; then one more order
  // for a unit already ordered.
  void orders () {
    VI mine = my_units(me());
    int owner = -1;
    int other = others_unit(owner);
    if (round() == 0) {
      cerr << "figures me " << me() << " units " << total_units() << " cities " << nb_cities()
           << " paths " << nb_paths() << " rows " << rows() << " cols " << cols()
           << " other " << other << " of " << owner << " mine";
      for (int k = 0; k < 3 and k < int(mine.size()); ++k) cerr << " " << mine[k];
      cerr << endl;
    }

    execute(Command(-1, BOTTOM));               // id out of range : -1
    move(-1, TOP);                              // command already requested for unit -1
    execute(Command(total_units(), RIGHT));     // id out of range : total_units()
    if (other != -1) move(other, LEFT);         // unit other of player owner not owned by me
    set<int> ordered;
    if (mine.size() >= 3) {
      move(mine[0], Dir(7));                    // direction not valid: 7
      move(mine[0], NONE);                      // command already requested for unit mine[0]
      execute(Command(mine[1], DIR_SIZE));      // direction not valid: 5
      ordered.insert(mine[0]);
      ordered.insert(mine[1]);
    }

    // Plays normally: a random step onto a cell that is not a wall.
    for (int id : mine) {
      if (ordered.count(id)) continue;
      Pos p = unit(id).pos;
      VI perm = random_permutation(4);
      Dir d = NONE;
      for (int k = 0; k < 4 and d == NONE; ++k) {
        Pos n = p + Dir(perm[k]);
        if (pos_ok(n) and cell(n).type != WALL) d = Dir(perm[k]);
      }
      move(id, d);
    }
    if (mine.size() >= 3) execute(Command(mine[2], TOP));   // already requested for mine[2]
  }

  virtual void play () {
    bad_queries();
    orders();
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
