// RefExplorer: reference player, "BFS explorer that ignores fights" (medium).
// Never attacks on purpose. Every round each unit that stands on a city or path
// cell we do not own stays there; the others run a breadth-first search that
// goes round every unit (ours and theirs) to the nearest city or path cell that
// we do not own and nobody stands on, and take its first step.
#include "Player.hh"

#define PLAYER_NAME RefExplorer

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  bool is_target (const Cell& c) {
    if (c.type == CITY) return city_owner(c.city_id) != me();
    if (c.type == PATH) return path_owner(c.path_id) != me();
    return false;
  }

  // First step of a shortest path to a free target cell, around units; NONE if none.
  Dir bfs (Pos start, vector<vector<bool>>& claimed) {
    vector<vector<int>> first(rows(), vector<int>(cols(), -2));
    queue<Pos> q;
    first[start.i][start.j] = -1;
    q.push(start);
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      Cell c = cell(p);
      if (p != start and is_target(c) and not claimed[p.i][p.j]) {
        claimed[p.i][p.j] = true;
        return Dir(first[p.i][p.j]);
      }
      for (int d = 0; d < 4; ++d) {
        Pos n = p + Dir(d);
        if (not pos_ok(n) or first[n.i][n.j] != -2) continue;
        Cell cn = cell(n);
        if (cn.type == WALL or cn.unit_id != -1) continue;
        first[n.i][n.j] = (p == start) ? d : first[p.i][p.j];
        q.push(n);
      }
    }
    return NONE;
  }

  virtual void play () {
    vector<vector<bool>> claimed(rows(), vector<bool>(cols(), false));
    vector<int> my = my_units(me());
    for (int k = 0; k < (int)my.size(); ++k) {
      Unit u = unit(my[k]);
      if (is_target(cell(u.pos))) {
        claimed[u.pos.i][u.pos.j] = true;
        move(u.id, NONE);
        continue;
      }
      Dir d = bfs(u.pos, claimed);
      if (d != NONE) move(u.id, d);
    }
  }

};

RegisterPlayer(PLAYER_NAME);
