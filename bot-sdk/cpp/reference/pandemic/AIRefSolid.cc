// RefSolid: reference player, cost class "solid planner" (medium-heavy), and the
// strong reference player used to calibrate Dummy's strength.
// Every round it values each city and path (cells it would score, plus the
// 2^size bonus of the component it would join or close, less its virus), finds
// which ones are contested and how many more units each needs, and then:
//  - every unit next to an enemy attacks the weakest one;
//  - units on a city/path that is not ours yet, or that an enemy contests, stay
//    while that region still needs them (a unit guards an owned region when
//    enemies come close and it is not outnumbered);
//  - every other unit runs one BFS over the board that avoids cells next to
//    stronger enemies, and goes for the best value / distance among regions that
//    still need units, nearby masks (if it can catch the virus) and weaker
//    enemies it can hunt; claims are counted so that units spread out.
#include "Player.hh"

#define PLAYER_NAME RefSolid

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef vector<int> VI;

  int R, C, N, NC, NP, NR;
  VI type_, uid_, vir_, region_, danger_;
  vector<bool> mask_;
  vector<Unit> all_;
  VI owner_, size_, mine_, enemy_, need_, claims_;
  vector<double> value_;
  VI parent_;           // union-find over cities
  VI dist_, first_, queue_, stamp_, rdist_, rdir_;
  VI reserved_;
  int stamp_id_;
  double vmax_;     // the best value any target can have this round

  int idx (Pos p) { return p.i * C + p.j; }
  Pos pos_of (int k) { return Pos(k / C, k % C); }

  int find_root (int x) {
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }

  void read_board () {
    R = rows(); C = cols(); N = R * C;
    NC = nb_cities(); NP = nb_paths(); NR = NC + NP;
    type_.assign(N, WALL); uid_.assign(N, -1); vir_.assign(N, 0);
    region_.assign(N, -1); danger_.assign(N, -1); mask_.assign(N, false);
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < C; ++j) {
        const Cell& c = cell(i, j);
        int k = i * C + j;
        type_[k] = c.type; uid_[k] = c.unit_id; vir_[k] = c.virus; mask_[k] = c.mask;
        if (c.type == CITY) region_[k] = c.city_id;
        else if (c.type == PATH) region_[k] = NC + c.path_id;
      }
    all_.resize(total_units());
    for (int id = 0; id < total_units(); ++id) all_[id] = unit(id);
  }

  void value_regions () {
    owner_.assign(NR, -1); size_.assign(NR, 0);
    mine_.assign(NR, 0); enemy_.assign(NR, 0);
    need_.assign(NR, 0); claims_.assign(NR, 0); value_.assign(NR, 0.0);
    vector<double> virus_sum(NR, 0.0);
    for (int c = 0; c < NC; ++c) owner_[c] = city_owner(c);
    for (int p = 0; p < NP; ++p) owner_[NC + p] = path_owner(p);
    for (int k = 0; k < N; ++k)
      if (region_[k] != -1) {
        ++size_[region_[k]];
        virus_sum[region_[k]] += vir_[k];
      }
    // units per region and per player
    vector<VI> cnt(NR, VI(nb_players(), 0));
    for (int id = 0; id < (int)all_.size(); ++id) {
      int r = region_[idx(all_[id].pos)];
      if (r != -1) ++cnt[r][all_[id].player];
    }
    for (int r = 0; r < NR; ++r) {
      mine_[r] = cnt[r][me()];
      for (int pl = 0; pl < nb_players(); ++pl)
        if (pl != me()) enemy_[r] = max(enemy_[r], cnt[r][pl]);
    }
    // my components of conquests
    parent_.resize(NC);
    for (int c = 0; c < NC; ++c) parent_[c] = c;
    for (int p = 0; p < NP; ++p) {
      Path pa = path(p);
      int a = pa.first.first, b = pa.first.second;
      if (owner_[NC + p] == me() and owner_[a] == me() and owner_[b] == me())
        parent_[find_root(a)] = find_root(b);
    }
    VI comp(NC, 0);
    for (int c = 0; c < NC; ++c)
      if (owner_[c] == me()) ++comp[find_root(c)];
    double f = factor_connected_component();
    for (int c = 0; c < NC; ++c) value_[c] = size_[c] * bonus_per_city_cell() + 2 * f;
    for (int p = 0; p < NP; ++p) {
      Path pa = path(p);
      int a = pa.first.first, b = pa.first.second;
      value_[NC + p] = size_[NC + p] * bonus_per_path_cell();
      bool ma = owner_[a] == me(), mb = owner_[b] == me();
      int sa = ma ? comp[find_root(a)] : 0, sb = mb ? comp[find_root(b)] : 0;
      if (ma and mb and find_root(a) != find_root(b))
        value_[NC + p] += f * (1 << min(sa + sb, 14)) - f * (1 << min(sa, 14)) - f * (1 << min(sb, 14));
      else if (ma or mb) {
        int s = max(sa, sb);
        value_[NC + p] += 0.5 * f * (1 << min(s, 14));
        // the city at the other end grows that component once the path is ours
        int other = ma ? b : a;
        if (owner_[other] != me()) value_[other] += 0.5 * f * (1 << min(s, 14));
      }
    }
    for (int r = 0; r < NR; ++r) {
      double avg = size_[r] ? virus_sum[r] / size_[r] : 0;
      value_[r] *= 1.0 - min(0.6, avg / 15.0);
      if (owner_[r] != me()) need_[r] = max(1, enemy_[r] - mine_[r] + 1);
      else if (enemy_[r] > 0 and enemy_[r] >= mine_[r]) need_[r] = enemy_[r] - mine_[r] + 1;
      else { need_[r] = 0; value_[r] *= 0.1; }
    }
    vmax_ = 15.0;
    for (int r = 0; r < NR; ++r)
      if (need_[r] > 0) vmax_ = max(vmax_, value_[r]);
  }

  void compute_danger () {
    for (int id = 0; id < (int)all_.size(); ++id) {
      const Unit& u = all_[id];
      if (u.player == me()) continue;
      for (int d = 0; d < 4; ++d) {
        Pos q = u.pos + Dir(d);
        if (pos_ok(q)) danger_[idx(q)] = max(danger_[idx(q)], u.health);
      }
    }
  }

  bool adjacent_enemy (Pos p, int radius) {
    for (int di = -radius; di <= radius; ++di)
      for (int dj = -radius; dj <= radius; ++dj) {
        if (abs(di) + abs(dj) > radius) continue;
        Pos q(p.i + di, p.j + dj);
        if (not pos_ok(q)) continue;
        int id = uid_[idx(q)];
        if (id != -1 and all_[id].player != me()) return true;
      }
    return false;
  }

  // BFS from u; returns the best first step, or -1.
  int plan (const Unit& u, bool avoid) {
    int s = idx(u.pos);
    ++stamp_id_;
    int head = 0, tail = 0;
    queue_[tail++] = s;
    dist_[s] = 0; stamp_[s] = stamp_id_; first_[s] = -1;
    for (int r = 0; r < NR; ++r) rdist_[r] = -1;
    bool wants_mask = not u.mask and not u.immune;
    double best = 0; int best_dir = -1, best_region = -1;
    while (head < tail) {
      int k = queue_[head++];
      int d0 = dist_[k];
      if (best > 0 and vmax_ / (d0 + 3.0) <= best) break; // nothing further can beat it
      if (k != s) {
        int r = region_[k];
        if (r != -1 and rdist_[r] == -1) {
          rdist_[r] = d0;
          if (need_[r] > 0) {
            double v = value_[r] / (d0 + 3.0);
            if (claims_[r] >= need_[r]) v *= 0.15;
            if (v > best) { best = v; best_dir = first_[k]; best_region = r; }
          }
        }
        if (wants_mask and mask_[k] and d0 <= 10) {
          double v = 15.0 / (d0 + 3.0);
          if (v > best) { best = v; best_dir = first_[k]; best_region = -1; }
        }
      }
      Pos p = pos_of(k);
      for (int d = 0; d < 4; ++d) {
        Pos q = p + Dir(d);
        if (not pos_ok(q)) continue;
        int n = idx(q);
        if (stamp_[n] == stamp_id_ or type_[n] == WALL) continue;
        int other = uid_[n];
        if (other != -1 and all_[other].player != me()) {
          // an enemy we could hunt: worth it when clearly weaker
          const Unit& e = all_[other];
          if (d0 <= 6 and e.health + 15 < u.health and k != s) {
            double v = 12.0 / (d0 + 3.0);
            if (v > best) { best = v; best_dir = first_[k]; best_region = -1; }
          }
          continue;
        }
        if (k == s and (other != -1 or reserved_[n])) continue;
        if (avoid and danger_[n] > u.health and region_[n] == -1) continue;
        stamp_[n] = stamp_id_;
        dist_[n] = d0 + 1;
        first_[n] = (k == s) ? d : first_[k];
        queue_[tail++] = n;
      }
    }
    if (best_region != -1) ++claims_[best_region];
    return best_dir;
  }

  virtual void play () {
    read_board();
    value_regions();
    compute_danger();
    if ((int)stamp_.size() != N) {
      stamp_.assign(N, 0); dist_.assign(N, 0); first_.assign(N, -1); queue_.assign(N, 0);
      stamp_id_ = 0;
    }
    rdist_.assign(NR, -1);
    reserved_.assign(N, 0);

    VI my = my_units(me());
    vector<bool> done(my.size(), false);

    // Pass 1: attacks, conquerors and guards.
    for (int k = 0; k < (int)my.size(); ++k) {
      const Unit& u = all_[my[k]];
      int best_dir = -1, best_health = INT_MAX;
      for (int d = 0; d < 4; ++d) {
        Pos q = u.pos + Dir(d);
        if (not pos_ok(q)) continue;
        int id = uid_[idx(q)];
        if (id != -1 and all_[id].player != me() and all_[id].health < best_health) {
          best_health = all_[id].health;
          best_dir = d;
        }
      }
      int r = region_[idx(u.pos)];
      if (best_dir != -1) {
        move(u.id, Dir(best_dir));
        if (r != -1) ++claims_[r];
        done[k] = true;
        continue;
      }
      if (r != -1) {
        bool conquering = need_[r] > 0 and claims_[r] < need_[r];
        bool guarding = owner_[r] == me() and claims_[r] == 0 and adjacent_enemy(u.pos, 3);
        if (conquering or guarding) {
          ++claims_[r];
          reserved_[idx(u.pos)] = 1;
          move(u.id, NONE);
          done[k] = true;
        }
      }
    }

    // Pass 2: everyone else plans with a BFS.
    for (int k = 0; k < (int)my.size(); ++k) {
      if (done[k]) continue;
      const Unit& u = all_[my[k]];
      int d = plan(u, true);
      if (d == -1 and vmax_ > 15.0) d = plan(u, false);
      if (d == -1) {
        reserved_[idx(u.pos)] = 1;
        move(u.id, NONE);
        continue;
      }
      reserved_[idx(u.pos + Dir(d))] = 1;
      move(u.id, Dir(d));
    }
  }

};

RegisterPlayer(PLAYER_NAME);
