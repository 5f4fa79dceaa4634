#include "Player.hh"


/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Demo


// A demo in the kit's style: it loops over the directions with DIR_SIZE and dir_ok, counts the
// board's cells by type up to CELL_TYPE_SIZE, and moves its units a little at random.

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

  VI census;   // cells of each type

  // Returns true if winning.
  bool winning () {
    for (int pl = 0; pl < nb_players(); ++pl)
      if (pl != me() and total_score(me()) <= total_score(pl))
        return false;
    return true;
  }

  // A direction to a free neighbour that is not a wall, preferring masks and cities.
  Dir choose (const Unit& u) {
    Dir best = NONE;
    int best_value = -1;
    for (int d = 0; d < DIR_SIZE; ++d) {
      Dir dir = Dir(d);
      if (not dir_ok(dir) or dir == NONE) continue;
      Pos p = u.pos + dir;
      if (not pos_ok(p)) continue;
      Cell c = cell(p);
      if (c.type == WALL or c.unit_id != -1) continue;
      int value = random(0, 3);
      if (c.mask and not u.mask) value += 10;
      if (c.type == CITY and city_owner(c.city_id) != me()) value += 5;
      if (c.type == PATH and path_owner(c.path_id) != me()) value += 3;
      if (not u.immune) value -= c.virus;
      if (value > best_value) {
        best_value = value;
        best = dir;
      }
    }
    return best;
  }

  /**
   * Play method, invoked once per each round.
   */
  virtual void play () {
    if (round() == 0) {
      census = VI(CELL_TYPE_SIZE, 0);
      for (int i = 0; i < rows(); ++i)
        for (int j = 0; j < cols(); ++j)
          ++census[cell(i, j).type];
      for (int t = 0; t < CELL_TYPE_SIZE; ++t)
        cerr << CellType2char(CellType(t)) << " " << census[t] << endl;
    }

    // If nearly out of time, do nothing.
    if (status(me()) >= 0.9) return;

    VI U = my_units(me());
    VI perm = random_permutation(U.size());
    for (int k = 0; k < int(perm.size()); ++k) {
      int id = U[perm[k]];
      Unit u = unit(id);
      if (winning() and random(0, 1)) move(id, NONE);
      else move(id, choose(u));
    }
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
