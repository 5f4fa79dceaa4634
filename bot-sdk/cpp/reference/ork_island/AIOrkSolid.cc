// OrkSolid: reference player, sound and reasonably strong. Every round it counts
// the orks of every player on every city and path ("region"), and decides how
// many of its own orks each region needs: one more than the strongest enemy
// presence on a region it does not own (up to a cap), and as many as the
// strongest enemy presence (at least one guard) on a region it owns, since a
// tie keeps the owner. Orks already on a region stay while needed (attacking
// only weaker enemies on the same region). The others first attack an adjacent
// enemy they beat for sure (the loser joins us), then run a Dijkstra whose step
// cost is 1 + the health cost of the cell, avoiding stronger enemies and their
// neighbourhood, and head for the region with the best value / distance that
// still needs orks. Values: cells, plus the 2^s bonus for cities and paths that
// join what we own.
#include "Player.hh"

#define PLAYER_NAME OrkSolid

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef vector<int> VI;

  int R, C, NC, NP, NR;
  VI type, unit_at, region;   // per cell
  VI owner, mycnt, maxenemy, need, remaining, size_r;
  vector<double> value;
  VI blocked;                 // own orks that stay or have moved there
  VI danger;                  // cells next to an enemy with health h (max)
  VI dist, first, seen;
  int stamp;

  int idx (Pos p) { return p.i * C + p.j; }
  Pos pos_of (int k) { return Pos(k / C, k % C); }

  void read_state () {
    R = rows(); C = cols(); NC = nb_cities(); NP = nb_paths(); NR = NC + NP;
    if ((int)type.size() != R * C) {
      type.assign(R * C, 0); region.assign(R * C, -1);
      dist.assign(R * C, 0); first.assign(R * C, 0); seen.assign(R * C, 0);
      stamp = 0;
      for (int i = 0; i < R; ++i)
        for (int j = 0; j < C; ++j) {
          Cell c = cell(i, j);
          type[i * C + j] = c.type;
          if (c.type == CITY) region[i * C + j] = c.city_id;
          else if (c.type == PATH) region[i * C + j] = NC + c.path_id;
        }
      size_r.assign(NR, 0);
      for (int k = 0; k < R * C; ++k) if (region[k] >= 0) ++size_r[region[k]];
    }
    unit_at.assign(R * C, -1);
    danger.assign(R * C, -1);
    blocked.assign(R * C, 0);
    owner.assign(NR, -1);
    for (int c = 0; c < NC; ++c) owner[c] = city_owner(c);
    for (int p = 0; p < NP; ++p) owner[NC + p] = path_owner(p);
    vector<VI> cnt(NR, VI(nb_players(), 0));
    for (int id = 0; id < nb_units(); ++id) {
      Unit u = unit(id);
      int k = idx(u.pos);
      unit_at[k] = id;
      if (region[k] >= 0) ++cnt[region[k]][u.player];
      if (u.player != me())
        for (int d = 0; d < 4; ++d) {
          Pos q = u.pos + Dir(d);
          if (pos_ok(q)) danger[idx(q)] = max(danger[idx(q)], u.health);
        }
    }
    mycnt.assign(NR, 0); maxenemy.assign(NR, 0); need.assign(NR, 0);
    for (int r = 0; r < NR; ++r) {
      for (int pl = 0; pl < nb_players(); ++pl)
        if (pl == me()) mycnt[r] = cnt[r][pl];
        else maxenemy[r] = max(maxenemy[r], cnt[r][pl]);
      if (owner[r] == me()) need[r] = max(maxenemy[r], 1);
      else need[r] = maxenemy[r] + 1 <= 4 ? maxenemy[r] + 1 : 0;
    }
    int f = factor_connected_component();
    value.assign(NR, 0);
    for (int c = 0; c < NC; ++c) value[c] = size_r[c] * bonus_per_city_cell() + 2 * f;
    for (int p = 0; p < NP; ++p) {
      Path pa = path(p);
      int a = pa.first.first, b = pa.first.second;
      double v = size_r[NC + p] * bonus_per_path_cell();
      int ends = (owner[a] == me()) + (owner[b] == me());
      v += 2 * f * ends;
      value[NC + p] = v;
      if (owner[NC + p] == me()) {       // cities that would join a component
        if (owner[a] != me()) value[a] += 4 * f;
        if (owner[b] != me()) value[b] += 4 * f;
      }
    }
  }

  bool beats (const Unit& u, int k) {    // does u surely win moving into cell k?
    int e = unit_at[k];
    if (e == -1) return false;
    Unit en = unit(e);
    return en.player != me() and u.health - cost(CellType(type[k])) > en.health;
  }

  // Dijkstra from the ork; returns the first direction towards the chosen
  // region (or NONE) and the region in r_out.
  Dir search (const Unit& u, int& r_out) {
    ++stamp;
    int s = idx(u.pos);
    priority_queue< pair<int,int>, vector< pair<int,int> >, greater< pair<int,int> > > pq;
    dist[s] = 0; seen[s] = stamp; first[s] = -1;
    pq.push(make_pair(0, s));
    vector<int> reached(NR, -1);
    int limit = INT_MAX, pops = 0;
    double best = -1; int best_r = -1; Dir best_d = NONE;
    while (not pq.empty()) {
      int d0 = pq.top().first, k = pq.top().second;
      pq.pop();
      if (d0 != dist[k]) continue;
      if (d0 > limit or ++pops > 1500) break;
      int r = region[k];
      if (k != s and r >= 0 and unit_at[k] == -1 and not blocked[k] and reached[r] == -1) {
        reached[r] = d0;
        bool wanted = remaining[r] > 0;
        if (wanted) {
          double sc = value[r] / (d0 + 4.0);
          if (sc > best) { best = sc; best_r = r; best_d = Dir(first[k]); }
          if (limit == INT_MAX) limit = d0 + 10;
        }
      }
      Pos p = pos_of(k);
      for (int d = 0; d < 4; ++d) {
        Pos q = p + Dir(d);
        if (not pos_ok(q)) continue;
        int n = idx(q);
        if (type[n] == WATER) continue;
        int step = 1 + cost(CellType(type[n]));
        if (k == s) {
          if (blocked[n]) continue;
          if (unit_at[n] != -1 and not beats(u, n)) continue;
          if (danger[n] >= u.health - cost(CellType(type[n]))) step += 6;
        }
        else if (unit_at[n] != -1 and unit(unit_at[n]).player != me()) step += 4;
        int nd = d0 + step;
        if (seen[n] != stamp or nd < dist[n]) {
          seen[n] = stamp; dist[n] = nd;
          first[n] = (k == s) ? d : first[k];
          pq.push(make_pair(nd, n));
        }
      }
    }
    r_out = best_r;
    return best_d;
  }

  // Once per round, when needed: distance from every cell to the nearest free
  // cell of a region we do not own (reverse multi-source Dijkstra).
  VI field;
  bool field_ok;
  void make_field () {
    field_ok = true;
    field.assign(R * C, INT_MAX);
    priority_queue< pair<int,int>, vector< pair<int,int> >, greater< pair<int,int> > > pq;
    for (int k = 0; k < R * C; ++k)
      if (region[k] >= 0 and owner[region[k]] != me() and unit_at[k] == -1) {
        field[k] = 0;
        pq.push(make_pair(0, k));
      }
    while (not pq.empty()) {
      int d0 = pq.top().first, k = pq.top().second;
      pq.pop();
      if (d0 != field[k]) continue;
      int step = 1 + cost(CellType(type[k]));  // cost of entering k
      Pos p = pos_of(k);
      for (int d = 0; d < 4; ++d) {
        Pos q = p + Dir(d);
        if (not pos_ok(q) or type[idx(q)] == WATER) continue;
        int n = idx(q);
        if (d0 + step < field[n]) {
          field[n] = d0 + step;
          pq.push(make_pair(field[n], n));
        }
      }
    }
  }

  Dir downhill (const Unit& u) {
    if (not field_ok) make_field();
    int k0 = idx(u.pos), best = field[k0];
    Dir bd = NONE;
    for (int d = 0; d < 4; ++d) {
      Pos q = u.pos + Dir(d);
      if (not pos_ok(q)) continue;
      int n = idx(q);
      if (type[n] == WATER or blocked[n]) continue;
      if (unit_at[n] != -1 and not beats(u, n)) continue;
      if (field[n] < best) { best = field[n]; bd = Dir(d); }
    }
    return bd;
  }

  void go (int id, Dir d) {
    Unit u = unit(id);
    execute(Command(id, d));
    blocked[idx(u.pos + d)] = 1;
  }

  virtual void play () {
    read_state();
    field_ok = false;
    vector<int> my = orks(me());
    remaining.assign(NR, 0);
    VI kept(NR, 0);
    vector<int> free_orks;
    // Orks on regions that need them stay.
    for (int k = 0; k < (int)my.size(); ++k) {
      Unit u = unit(my[k]);
      int r = region[idx(u.pos)];
      if (r >= 0 and kept[r] < need[r]) {
        ++kept[r];
        blocked[idx(u.pos)] = 1;
        for (int d = 0; d < 4; ++d) {       // fight only inside the region
          Pos q = u.pos + Dir(d);
          if (pos_ok(q) and region[idx(q)] == r and beats(u, idx(q))) {
            execute(Command(u.id, Dir(d)));
            break;
          }
        }
      }
      else free_orks.push_back(my[k]);
    }
    for (int r = 0; r < NR; ++r) remaining[r] = max(0, need[r] - kept[r]);
    for (int k = 0; k < (int)free_orks.size(); ++k) {
      Unit u = unit(free_orks[k]);
      int best_d = -1, best_h = INT_MAX;
      for (int d = 0; d < 4; ++d) {
        Pos q = u.pos + Dir(d);
        if (pos_ok(q) and beats(u, idx(q)) and unit(unit_at[idx(q)]).health < best_h) {
          best_h = unit(unit_at[idx(q)]).health;
          best_d = d;
        }
      }
      if (best_d != -1) { go(u.id, Dir(best_d)); continue; }
      int r;
      Dir d = search(u, r);
      if (r != -1) --remaining[r];
      else d = downhill(u);
      if (d != NONE) go(u.id, d);
      else blocked[idx(u.pos)] = 1;
    }
  }

};

RegisterPlayer(PLAYER_NAME);
