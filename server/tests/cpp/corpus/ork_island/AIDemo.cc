#include "Player.hh"


/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Demo


// A demo in the kit's style: it loops over the directions with DIR_SIZE and dir_ok, over the
// cell types up to CELL_TYPE_SIZE (for their costs), and moves its orks a little at random.

struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  /**
   * Types and attributes for your player can be defined here.
   */
  typedef vector<int> VI;
  typedef vector<VI>  VVI;

  VI price;   // cost of each cell type, INT_MAX for water

  // Returns true if winning.
  bool winning () {
    for (int pl = 0; pl < nb_players(); ++pl)
      if (pl != me() and total_score(me()) <= total_score(pl))
        return false;
    return true;
  }

  // Moves ork id to a neighbour it can pay, preferring cities and paths it does not own.
  void move (int id) {
    Unit u = unit(id);
    Dir best = NONE;
    int best_value = INT_MIN;
    for (int d = 0; d != DIR_SIZE; ++d) {
      Dir dir = Dir(d);
      if (not dir_ok(dir)) continue;
      Pos p = u.pos + dir;
      if (not pos_ok(p)) continue;
      Cell c = cell(p);
      if (c.type == WATER or price[c.type] >= u.health) continue;
      if (c.unit_id != -1 and dir != NONE) {
        Unit v = unit(c.unit_id);
        if (v.player == me() or v.health >= u.health - price[c.type]) continue;
      }
      int value = random(0, 3) - price[c.type];
      if (c.type == CITY and city_owner(c.city_id) != me()) value += 20;
      if (c.type == PATH and path_owner(c.path_id) != me()) value += 10;
      if (dir == NONE) value = (c.type == CITY or c.type == PATH) ? 5 : -100;
      if (value > best_value) {
        best_value = value;
        best = dir;
      }
    }
    execute(Command(id, best));
  }

  /**
   * Play method, invoked once per each round.
   */
  virtual void play () {
    if (round() == 0) {
      price = VI(CELL_TYPE_SIZE, INT_MAX);
      for (int t = 0; t < CELL_TYPE_SIZE; ++t)
        if (CellType(t) != WATER) price[t] = cost(CellType(t));
      for (int t = 0; t < CELL_TYPE_SIZE; ++t)
        cerr << CellType2char(CellType(t)) << " " << price[t] << endl;
    }

    // If nearly out of time, do nothing.
    if (status(me()) >= 0.9) return;

    VI my_orks = orks(me());
    VI perm = random_permutation(my_orks.size());
    for (int k = 0; k < int(perm.size()); ++k) {
      if (winning() and random(0, 3) == 0) continue;
      move(my_orks[perm[k]]);
    }
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
