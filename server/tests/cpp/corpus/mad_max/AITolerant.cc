#include "Player.hh"

/**
 * Corpus player for `arena build --game mad-max`: in every round it makes each bad call the kit
 * tolerates (cells off the board, unknown units and players, orders for units it does not have,
 * twice for the same unit, with a bad direction, for a unit that may not move), which the kit
 * answers with a warning on cerr and a default value, and checks those values. Between the
 * queries and the orders it prints "figures me M units U rows R cols K other X of Q mine A B C
 * D" for the test. Then it plays like a simple bot: in its rounds each other warrior steps onto
 * a free neighbouring city cell that is not its own, and each car that can move drives onto a
 * free road cell next to it.
 */
#define PLAYER_NAME Tolerant

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef vector<int> VI;

  virtual void play () {
    int units = nb_units();
    // Queries: warnings and the kit's default values.
    Cell c = cell(-1, 0);
    _my_assert(c.type == Desert and c.owner == -1 and c.id == -1, "cell off the board");
    cell(rows(), cols());
    cell(Pos(3, -7));
    cell(Pos(0, cols()));
    Unit u = unit(-1);
    _my_assert(u.id == -1 and u.player == -1 and u.type == Warrior and u.food == 0 and u.water == 0, "unit(-1)");
    unit(units);
    _my_assert(num_cities(-1) == -1 and num_cities(4) == -1, "num_cities of a bad player");
    _my_assert(total_score(-1) == -1 and total_score(4) == -1, "total_score of a bad player");
    _my_assert(status(-1) == -2 and status(4) == -2, "status of a bad player");
    _my_assert(warriors(-1).empty() and warriors(4).empty(), "warriors of a bad player");
    _my_assert(cars(-1).empty() and cars(4).empty(), "cars of a bad player");
    // Silent, as in the kit.
    _my_assert(not can_move(-1) and not can_move(units), "can_move of a bad unit");
    _my_assert(random(5, 3) == 5 and random(-7, 2000000) == -7 and random_permutation(-1).empty()
               and random_permutation(1000001).empty(), "random's bad intervals");

    // A warrior of another player, and four of mine.
    int other = -1, owner = -1;
    for (int pl = 0; pl < 4 and other == -1; ++pl)
      if (pl != me() and not warriors(pl).empty()) other = warriors(pl)[0], owner = pl;
    VI mine = warriors(me());
    if (mine.size() >= 4) {
      if (round() == 0)
        cerr << "figures me " << me() << " units " << units << " rows " << rows() << " cols " << cols()
             << " other " << other << " of " << owner << " mine " << mine[0] << ' ' << mine[1] << ' '
             << mine[2] << ' ' << mine[3] << endl;
      // Orders: each ignored with the kit's warning, but the None one.
      command(-1, Top);                      // id out of range
      command(-1, Top);                      // a second order for id -1
      command(units, Top);                   // id out of range
      if (other != -1) command(other, Top);  // not mine
      command(mine[0], DirSize);             // invalid direction
      command(mine[0], Top);                 // already ordered (the bad one counted)
      command(Movement(mine[1], Dir(-3)));   // invalid direction
      command(mine[2], None);                // accepted: stays
      command(mine[2], Bottom);              // already ordered, even if the first was None
      if (round()%4 != me()) command(mine[3], Top);  // cannot move in another player's round
    }
    // Then it plays.
    for (int k = 4; k < (int)mine.size() and round()%4 == me(); ++k) {
      Pos p = unit(mine[k]).pos;
      for (int d = 0; d < 8; ++d) {
        Pos n = p + Dir(d);
        if (pos_ok(n) and cell(n).type == City and cell(n).owner != me() and cell(n).id == -1) {
          command(mine[k], Dir(d));
          break;
        }
      }
    }
    for (int id : cars(me())) {
      if (not can_move(id)) continue;
      Pos p = unit(id).pos;
      for (int d = 0; d < 8; ++d) {
        Pos n = p + Dir(d);
        if (pos_ok(n) and cell(n).type == Road and cell(n).id == -1) {
          command(id, Dir(d));
          break;
        }
      }
    }
  }
};

RegisterPlayer(PLAYER_NAME);
