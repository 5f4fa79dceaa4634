#include "Player.hh"

/**
 * Corpus player for `arena build --game purge`: in every round it makes each bad call the kit
 * tolerates (cells off the board, unknown citizens and players, orders for citizens it does not
 * have, twice for the same citizen, with a bad direction, builds by a warrior), which the kit
 * answers with a default value and, for some, a warning on cerr, and checks those values.
 * Between the queries and the orders it prints "figures me M ids N rows R cols K other X of Q
 * mine A B D" for the test. Then it plays like a simple bot: every other citizen steps into a
 * neighbouring street cell with money or food, or else the first free one.
 */
#define PLAYER_NAME Tolerant

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef vector<int> VI;

  virtual void play () {
    // The citizen ids so far: one past the largest id seen.
    int ids = 0;
    for (int pl = 0; pl < 4; ++pl) {
      for (int id : builders(pl)) ids = max(ids, id + 1);
      for (int id : warriors(pl)) ids = max(ids, id + 1);
    }
    // Queries: warnings and the kit's default values.
    Cell c = cell(-1, 0);
    _my_assert(c.type == Street and c.bonus == NoBonus and c.id == -1 and c.b_owner == -1, "cell off the board");
    cell(board_rows(), board_cols());
    cell(Pos(3, -7));
    cell(Pos(0, board_cols()));
    Citizen u = citizen(-1);
    _my_assert(u.id == -1 and u.player == -1 and u.life == INT_MAX, "citizen(-1)");
    citizen(ids + 1000);
    _my_assert(builders(-1).empty() and builders(4).empty(), "builders of a bad player");
    _my_assert(warriors(-1).empty() and warriors(4).empty(), "warriors of a bad player");
    _my_assert(barricades(-1).empty() and barricades(4).empty(), "barricades of a bad player");
    _my_assert(score(-1) == -1 and score(4) == -1, "score of a bad player");
    _my_assert(status(-1) == -2 and status(4) == -2, "status of a bad player");

    // A citizen of another player, and three of mine (warriors first).
    int other = -1, owner = -1;
    for (int pl = 0; pl < 4 and other == -1; ++pl)
      if (pl != me() and not builders(pl).empty()) other = builders(pl)[0], owner = pl;
    VI mine = warriors(me());
    VI b = builders(me());
    mine.insert(mine.end(), b.begin(), b.end());
    if (mine.size() >= 3) {
      cerr << "figures me " << me() << " ids " << ids << " rows " << board_rows() << " cols " << board_cols()
           << " other " << other << " of " << owner << " mine " << mine[0] << ' ' << mine[1] << ' ' << mine[2] << endl;
      // Orders: ignored by the game; a second order for a citizen warns.
      move(-1, Up);                 // invalid id
      move(-1, Up);                 // a second order for id -1
      move(ids + 1000, Up);         // invalid id
      if (other != -1) move(other, Up);  // not mine
      move(mine[0], Dir(9));        // invalid direction
      move(mine[0], Up);            // already ordered (the bad one counted)
      build(mine[1], Dir(-3));      // a warrior cannot build, and a bad direction
      build(mine[2], Down);         // a build by day, or refused by night
      move(mine[2], Down);          // already ordered
    }
    // Then it plays: every other citizen steps toward an item next to it, or a free cell.
    for (int k = 3; k < int(mine.size()); ++k) {
      Pos p = citizen(mine[k]).pos;
      int chosen = -1;
      for (Dir d : {Down, Right, Up, Left}) {
        Pos n = p + d;
        if (not pos_ok(n) or cell(n).type == Building or cell(n).id != -1) continue;
        if (cell(n).bonus != NoBonus) {
          chosen = d;
          break;
        }
        if (chosen == -1) chosen = d;
      }
      if (chosen != -1) move(mine[k], Dir(chosen));
    }
  }
};

RegisterPlayer(PLAYER_NAME);
