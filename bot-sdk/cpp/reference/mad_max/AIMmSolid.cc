#include "Player.hh"

// Reference player (Dummy calibration, docs/games/mad-max.md): counts the warriors of every team
// in and around each city, keeps in each of its cities as many warriors as the strongest rival
// has near it plus one, and sends the others, nearest first, to the cities that cost the fewest
// warriors and steps to take. A warrior drinks and eats in time, attacks an adjacent rival (in
// a city only when its water is at least the rival's), and keeps out of reach of rival cars when
// it can. Cars refuel in time and hunt rival warriors outside the cities, one car per warrior,
// by the quickest path (a car off the road moves only in its player's rounds).
#define PLAYER_NAME MmSolid

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  typedef vector<int> VI;
  const int INF = 1000000;

  bool ready = false;
  int R = 0, C = 0;
  vector<CellType> type;       // the board, row-major
  VI city_of;                  // city index of a cell, -1 off cities
  vector< vector<Pos> > city;  // the cells of each city
  VI to_water, to_food, to_fuel;
  vector<VI> to_city;          // warrior steps to each city
  vector<bool> busy;           // cells with a unit, or where one of mine is going
  vector<bool> danger;         // cells a rival car may reach before my warriors move again

  int idx (Pos p) const { return p.i * C + p.j; }
  bool walk (int k) const { return type[k] == Desert or type[k] == Road or type[k] == City; }
  bool drive (int k) const { return type[k] == Desert or type[k] == Road; }

  VI bfs (const vector<Pos>& from, bool car) {
    VI d(R * C, INF);
    queue<Pos> q;
    for (Pos p : from) if (d[idx(p)] == INF) { d[idx(p)] = 0; q.push(p); }
    while (not q.empty()) {
      Pos p = q.front(); q.pop();
      for (int k = 0; k < 8; ++k) {
        Pos n = p + Dir(k);
        if (not pos_ok(n) or d[idx(n)] != INF) continue;
        if (car ? not drive(idx(n)) : not walk(idx(n))) continue;
        d[idx(n)] = d[idx(p)] + 1;
        q.push(n);
      }
    }
    return d;
  }

  bool next_to (Pos p, CellType t) {
    for (int k = 0; k < 8; ++k) {
      Pos n = p + Dir(k);
      if (pos_ok(n) and type[idx(n)] == t) return true;
    }
    return false;
  }

  void setup () {
    ready = true;
    R = rows(); C = cols();
    type.resize(R * C);
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < C; ++j) type[i * C + j] = cell(i, j).type;
    city_of = VI(R * C, -1);
    vector<Pos> water, food, fuel;
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < C; ++j) {
        Pos p(i, j);
        if (walk(idx(p)) and next_to(p, Water)) water.push_back(p);
        if (drive(idx(p)) and next_to(p, Station)) fuel.push_back(p);
        if (type[idx(p)] != City) continue;
        food.push_back(p);
        if (city_of[idx(p)] != -1) continue;
        int c = city.size();
        city.push_back(vector<Pos>(1, p));
        city_of[idx(p)] = c;
        for (int a = 0; a < (int)city[c].size(); ++a)
          for (int k = 0; k < 8; k += 2) {
            Pos n = city[c][a] + Dir(k);
            if (pos_ok(n) and type[idx(n)] == City and city_of[idx(n)] == -1) {
              city_of[idx(n)] = c;
              city[c].push_back(n);
            }
          }
      }
    to_water = bfs(water, false);
    to_food = bfs(food, false);
    to_fuel = bfs(fuel, true);
    for (auto& c : city) to_city.push_back(bfs(c, false));
  }

  // Cells a rival car may reach within 4 rounds: a step from a road costs a round, a step from
  // the desert (or without fuel) waits for the car's turn.
  void mark_danger () {
    danger = vector<bool>(R * C, false);
    for (int pl = 0; pl < nb_players(); ++pl) {
      if (pl == me()) continue;
      for (int id : cars(pl)) {
        Unit u = unit(id);
        map<int, int> best;
        priority_queue< pair<int, int>, vector< pair<int, int> >, greater< pair<int, int> > > pq;
        pq.push(make_pair(0, idx(u.pos)));
        best[idx(u.pos)] = 0;
        while (not pq.empty()) {
          int t = pq.top().first, k = pq.top().second;
          pq.pop();
          if (best[k] < t) continue;
          danger[k] = true;
          int cost = (type[k] == Road and u.food > 0) ? 1 : 3;
          if (t + cost > 4) continue;
          Pos p(k / C, k % C);
          for (int d = 0; d < 8; ++d) {
            Pos n = p + Dir(d);
            if (not pos_ok(n) or not drive(idx(n))) continue;
            if (not best.count(idx(n)) or best[idx(n)] > t + cost) {
              best[idx(n)] = t + cost;
              pq.push(make_pair(t + cost, idx(n)));
            }
          }
        }
      }
    }
  }

  // The free neighbour that brings a warrior closest by D, safety counting 3 steps; -1: stay.
  int step (Pos p, const VI& D) {
    int best = D[idx(p)] + (danger[idx(p)] ? 3 : 0), bd = -1;
    for (int k : random_permutation(8)) {
      Pos n = p + Dir(k);
      if (not pos_ok(n) or not walk(idx(n)) or busy[idx(n)]) continue;
      int v = D[idx(n)] + (danger[idx(n)] ? 3 : 0);
      if (v < best) { best = v; bd = k; }
    }
    return bd;
  }

  void go (int id, const VI& D) {
    Pos p = unit(id).pos;
    int k = step(p, D);
    if (k == -1) return;
    busy[idx(p + Dir(k))] = true;
    command(id, Dir(k));
  }

  // Attacks an adjacent rival warrior: in a city (thunderdome) only with at least its water.
  bool attack (int id) {
    Unit u = unit(id);
    int bd = -1, bw = INF;
    for (int k = 0; k < 8; ++k) {
      Pos n = u.pos + Dir(k);
      if (not pos_ok(n)) continue;
      int v = cell(n).id;
      if (v == -1) continue;
      Unit e = unit(v);
      if (e.player == me() or e.type != Warrior) continue;
      bool dome = type[idx(u.pos)] == City and type[idx(n)] == City;
      if (dome and e.water > u.water) continue;
      int w = dome ? e.water : min(e.food, e.water);
      if (w < bw) { bw = w; bd = k; }
    }
    if (bd == -1) return false;
    command(id, Dir(bd));
    return true;
  }

  void move_warriors () {
    mark_danger();
    int NC = city.size();
    vector<VI> near(NC, VI(nb_players(), 0));  // rival warriors in or within 3 steps of a city
    for (int pl = 0; pl < nb_players(); ++pl)
      if (pl != me())
        for (int id : warriors(pl)) {
          Pos p = unit(id).pos;
          for (int c = 0; c < NC; ++c)
            if (to_city[c][idx(p)] <= 3) ++near[c][pl];
        }
    VI need(NC);
    for (int c = 0; c < NC; ++c) {
      int m = 0;
      for (int pl = 0; pl < nb_players(); ++pl) m = max(m, near[c][pl]);
      need[c] = m + 1;
    }

    VI avail;
    for (int id : warriors(me())) {
      Unit u = unit(id);
      Pos p = u.pos;
      if (attack(id)) continue;
      if (u.water <= to_water[idx(p)] + 4) go(id, to_water);
      else if (u.food <= to_food[idx(p)] + 4) go(id, to_food);
      else avail.push_back(id);
    }

    // Greedy assignment: the city whose missing warriors are cheapest, nearest warriors first.
    VI goal(nb_units(), -1);
    vector<bool> done(NC, false);
    while (true) {
      int bc = -1;
      double bcost = 1e18;
      VI bsel;
      for (int c = 0; c < NC; ++c) {
        if (done[c]) continue;
        vector< pair<int, int> > cand;
        for (int id : avail)
          if (goal[id] == -1) cand.push_back(make_pair(to_city[c][idx(unit(id).pos)], id));
        if ((int)cand.size() < need[c]) continue;
        sort(cand.begin(), cand.end());
        double cost = need[c] * 5;
        VI sel;
        for (int a = 0; a < need[c]; ++a) { cost += cand[a].first; sel.push_back(cand[a].second); }
        if (cand[need[c] - 1].first >= INF) continue;
        if (cost < bcost) { bcost = cost; bc = c; bsel = sel; }
      }
      if (bc == -1) break;
      done[bc] = true;
      for (int id : bsel) goal[id] = bc;
    }
    for (int id : avail) {
      Pos p = unit(id).pos;
      int g = goal[id];
      if (g == -1) {  // spare: stays in its city, or joins the nearest city I hold or will take
        if (city_of[idx(p)] != -1) continue;
        int bd = INF;
        for (int c = 0; c < NC; ++c)
          if ((done[c] or cell(city[c][0]).owner == me()) and to_city[c][idx(p)] < bd) {
            bd = to_city[c][idx(p)];
            g = c;
          }
        if (g == -1) {
          go(id, to_food);
          continue;
        }
      }
      if (city_of[idx(p)] == g) continue;
      go(id, to_city[g]);
    }
  }

  // A car: runs over an adjacent rival warrior, refuels in time, else drives by the quickest
  // path (a step from a road costs 1 round, from the desert 4) to the nearest rival warrior
  // outside the cities that no other car of mine hunts.
  // Runs over an adjacent rival warrior outside the cities.
  bool run_over (int id, set<int>& hunted) {
    Pos p = unit(id).pos;
    for (int k = 0; k < 8; ++k) {
      Pos n = p + Dir(k);
      if (not pos_ok(n) or not drive(idx(n))) continue;
      int v = cell(n).id;
      if (v != -1 and unit(v).player != me() and unit(v).type == Warrior and not hunted.count(v)) {
        hunted.insert(v);
        command(id, Dir(k));
        return true;
      }
    }
    return false;
  }

  // A car refuels in time, else drives by the quickest path (a step from a road costs 1 round,
  // from the desert 4) to the nearest rival warrior outside the cities that no other car of mine
  // hunts.
  void move_car (int id, set<int>& hunted) {
    Unit u = unit(id);
    Pos p = u.pos;
    bool low = u.food <= to_fuel[idx(p)] + 6;
    VI dist(R * C, INF), first(R * C, -1);
    priority_queue< pair<int, int>, vector< pair<int, int> >, greater< pair<int, int> > > pq;
    dist[idx(p)] = 0;
    pq.push(make_pair(0, idx(p)));
    while (not pq.empty()) {
      int t = pq.top().first, k = pq.top().second;
      pq.pop();
      if (t > dist[k]) continue;
      Pos q(k / C, k % C);
      if (k != idx(p)) {
        if (low ? to_fuel[k] == 0 : (cell(q).id != -1 and not hunted.count(cell(q).id))) {
          if (not busy[idx(p + Dir(first[k]))]) {
            if (not low) hunted.insert(cell(q).id);
            busy[idx(p + Dir(first[k]))] = true;
            command(id, Dir(first[k]));
          }
          return;
        }
        if (cell(q).id != -1) continue;
      }
      int cost = (type[k] == Road and u.food > 0) ? 1 : 4;
      for (int d = 0; d < 8; ++d) {
        Pos n = q + Dir(d);
        if (not pos_ok(n) or not drive(idx(n))) continue;
        int v = cell(n).id;
        if (v != -1 and (low or unit(v).player == me() or unit(v).type != Warrior)) continue;
        if (k == idx(p) and busy[idx(n)]) continue;
        int extra = 0;
        for (int e = 0; e < 8; ++e) {
          Pos m = n + Dir(e);
          if (pos_ok(m) and cell(m).id != -1 and unit(cell(m).id).type == Car and unit(cell(m).id).player != me())
            extra = 3;
        }
        if (t + cost + extra < dist[idx(n)]) {
          dist[idx(n)] = t + cost + extra;
          first[idx(n)] = k == idx(p) ? d : first[k];
          pq.push(make_pair(dist[idx(n)], idx(n)));
        }
      }
    }
  }

  virtual void play () {
    if (not ready) setup();
    busy = vector<bool>(R * C, false);
    for (int id = 0; id < nb_units(); ++id) busy[idx(unit(id).pos)] = true;
    danger = vector<bool>(R * C, false);
    if (round() % 4 == me()) move_warriors();
    set<int> hunted;
    VI rest;
    for (int id : cars(me()))
      if (can_move(id) and not run_over(id, hunted)) rest.push_back(id);
    for (int id : rest) move_car(id, hunted);
  }
};

RegisterPlayer(PLAYER_NAME);
