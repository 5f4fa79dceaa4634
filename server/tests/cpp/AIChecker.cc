#include "Player.hh"

/**
 * A test player for `arena build`: checks that the SDK's State is consistent every round (a
 * failed check stops the bot, which the test sees as a freeze), and prints at a few rounds the
 * figures that `arena replay --frame` prints, so that the test can compare the SDK's decoding of
 * the views with the engine's state. It gives no orders.
 */
#define PLAYER_NAME Checker

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  // Drawn in the constructor: the SDK creates the player during the first round, when the
  // host's random() may be called.
  int salt = random(1, 6);

  void check () {
    int n = total_units();
    int on_board = 0;
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j) {
        const Cell& c = cell(i, j);
        if (c.unit_id != -1) {
          ++on_board;
          _my_assert(unit(c.unit_id).pos == Pos(i, j), "cell and unit agree");
        }
        _my_assert((c.type == CITY) == (c.city_id != -1), "city cells have a city");
        _my_assert((c.type == PATH) == (c.path_id != -1), "path cells have a path");
        _my_assert(c.virus >= 0 and c.virus <= (c.type == GRASS ? 4 : 10), "virus caps");
        _my_assert(not c.mask or c.type == GRASS, "masks lie on grass");
        _my_assert(c.type != WALL or c.unit_id == -1, "no unit in a wall");
      }
    _my_assert(on_board == n, "every unit is on the board");

    int listed = 0;
    for (int pl = 0; pl < nb_players(); ++pl) {
      const vector<int>& mine = my_units(pl);
      listed += mine.size();
      for (int k = 0; k < int(mine.size()); ++k) {
        _my_assert(unit(mine[k]).player == pl, "my_units are mine");
        _my_assert(k == 0 or mine[k - 1] < mine[k], "my_units ascending");
      }
      _my_assert(status(pl) == -1 or (status(pl) >= 0 and status(pl) <= 1), "status is a share");
    }
    _my_assert(listed == n, "every unit has a player");

    for (int id = 0; id < n; ++id) {
      const Unit& u = unit(id);
      _my_assert(u.id == id and pos_ok(u.pos) and player_ok(u.player), "unit fields");
      _my_assert(u.damage >= 0 and not (u.immune and u.damage > 0), "infection");
    }
    for (int k = 0; k < nb_cities(); ++k) {
      for (Pos p : city(k)) _my_assert(cell(p).city_id == k, "city cells");
      _my_assert(city_owner(k) >= -1 and city_owner(k) < nb_players(), "city owner");
    }
    for (int k = 0; k < nb_paths(); ++k) {
      const Path& p = path(k);
      _my_assert(p.first.first >= 0 and p.first.second < nb_cities(), "path ends");
      for (Pos q : p.second) _my_assert(cell(q).path_id == k, "path cells");
      _my_assert(path_owner(k) >= -1 and path_owner(k) < nb_players(), "path owner");
    }
    vector<int> perm = random_permutation(7);
    sort(perm.begin(), perm.end());
    for (int k = 0; k < 7; ++k) _my_assert(perm[k] == k, "a permutation");
    _my_assert(random(3, 3) == 3, "random(l, l)");
    _my_assert(salt >= 1 and salt <= 6, "random() in the constructor");
  }

  virtual void play () {
    check();
    int r = round();
    if (r == 0 or r == 1 or r == 57 or r == nb_rounds() - 1) {
      vector<int> cities(4), paths(4);
      for (int k = 0; k < nb_cities(); ++k) if (city_owner(k) != -1) ++cities[city_owner(k)];
      for (int k = 0; k < nb_paths(); ++k) if (path_owner(k) != -1) ++paths[path_owner(k)];
      long long virus = 0;
      for (int i = 0; i < rows(); ++i) for (int j = 0; j < cols(); ++j) virus += cell(i, j).virus;
      // fprintf rather than cerr: without iostream the module is small and quick to compile.
      fprintf(stderr, "frame %d scores", r);
      for (int pl = 0; pl < 4; ++pl) fprintf(stderr, " %d", total_score(pl));
      fprintf(stderr, " units");
      for (int pl = 0; pl < 4; ++pl) fprintf(stderr, " %d", int(my_units(pl).size()));
      fprintf(stderr, " cities");
      for (int pl = 0; pl < 4; ++pl) fprintf(stderr, " %d", cities[pl]);
      fprintf(stderr, " paths");
      for (int pl = 0; pl < 4; ++pl) fprintf(stderr, " %d", paths[pl]);
      fprintf(stderr, " virus %lld\n", virus);
    }
  }

};

RegisterPlayer(PLAYER_NAME);
