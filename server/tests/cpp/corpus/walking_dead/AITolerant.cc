#include "Player.hh"

/**
 * Corpus player for `arena build --game walking-dead`: in every round it makes each bad call the
 * kit tolerates (cells off the board, unknown units and players, orders for units it does not
 * have, twice for the same unit, with a bad direction), which the kit answers with a warning on
 * cerr and a default value, and checks those values. Between the queries and the orders it
 * prints "figures me M units U rows R cols K other X of Q mine A B D" for the test. Then it
 * plays like a simple bot: each alive unit steps into a neighbouring cell it does not own.
 */
#define PLAYER_NAME Tolerant

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  virtual void play () {
    int units = 4 * num_ini_units_per_clan() + num_ini_zombies();
    // Queries: warnings and the kit's default values.
    Cell c = cell(-1, 0);
    _my_assert(c.type == Street and c.owner == -1 and c.id == -1 and not c.food, "cell off the board");
    cell(board_rows(), board_cols());
    cell(Pos(3, -7));
    cell(Pos(0, board_cols()));
    Unit u = unit(-1);
    _my_assert(u.id == -1 and u.player == -1 and u.type == Alive, "unit(-1)");
    unit(units);
    _my_assert(alive_units(-1).empty() and alive_units(4).empty(), "alive_units of a bad player");
    _my_assert(dead_units(-1).empty() and dead_units(4).empty(), "dead_units of a bad player");
    _my_assert(strength(-1) == -1 and strength(4) == -1, "strength of a bad player");
    _my_assert(score(-1) == -1 and score(4) == -1, "score of a bad player");
    _my_assert(status(-1) == -2 and status(4) == -2, "status of a bad player");

    // An alive unit of another player, and three of mine.
    int other = -1, owner = -1;
    for (int pl = 0; pl < 4 and other == -1; ++pl)
      if (pl != me() and not alive_units(pl).empty()) other = alive_units(pl)[0], owner = pl;
    VI mine = alive_units(me());
    if (mine.size() >= 3) {
      cerr << "figures me " << me() << " units " << units << " rows " << board_rows() << " cols " << board_cols()
           << " other " << other << " of " << owner << " mine " << mine[0] << ' ' << mine[1] << ' ' << mine[2] << endl;
      // Orders: each ignored with the kit's warning.
      move(-1, Up);                 // invalid id
      move(-1, Up);                 // a second order for id -1
      move(units, Up);              // invalid id
      if (other != -1) move(other, Up);  // not mine
      move(mine[0], Dir(9));        // invalid direction
      move(mine[0], Up);            // already ordered (the bad one counted)
      move(mine[1], Dir(-3));       // invalid direction
      move(mine[2], DR);            // diagonal: accepted, ignored by the game
      move(mine[2], Down);          // already ordered
    }
    // Then it plays: every other alive unit steps into a street cell it does not own.
    for (int k = 3; k < int(mine.size()); ++k) {
      Pos p = unit(mine[k]).pos;
      for (Dir d : {Down, Right, Up, Left}) {
        Pos n = p + d;
        if (pos_ok(n) and cell(n).type == Street and cell(n).owner != me() and cell(n).id == -1) {
          move(mine[k], d);
          break;
        }
      }
    }
  }

  typedef vector<int> VI;
};

RegisterPlayer(PLAYER_NAME);
