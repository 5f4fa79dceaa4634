// Arena's C++ SDK for Mad Max: the ABI exports `arena_game_mad_max`, `arena_start` and
// `arena_play` (docs/bot-abi.md). They create the registered player (at the first arena_play,
// so that its constructor may call random()), decode the setup and round views into its
// Settings and State, call play() and send its orders.
//
// Decoding reuses its buffers: after the first round it allocates nothing.

#include "Player.hh"
#include "arena/driver.hh"

// Defined by RegisterPlayer(...) in the player's file.
extern "C" ::Player* arena_new_player();
extern "C" const char arena_player_name[];

namespace arena_sdk {

struct Runtime {
  static Player* player;

  // Creates the player, then gives it the setup view: the parameters, the cell types, the
  // cities' cells.
  static void start(Reader& r) {
    SetupHeader h = read_setup_header(r, "mad-max");
    Player* p = arena_new_player();
    if (p == nullptr) fail("%s::factory() returned null", arena_player_name);
    p->arena_me_ = h.me;
    MadMaxParams& s = p->p_;
    s.nb_players = h.nb_players;
    int* fields[] = {&s.nb_rounds, &s.nb_cities, &s.nb_warriors, &s.nb_cars, &s.warriors_health,
                     &s.cars_fuel, &s.damage, &s.rows, &s.cols};
    for (int* f : fields) *f = r.i32();
    if (s.rows <= 0 || s.cols <= 0) fail("bad board size %dx%d", s.rows, s.cols);
    size_t n = size_t(s.rows) * size_t(s.cols);
    const uint8_t* types = r.bytes(n, "cell types");
    MadMaxData& st = p->s_;
    st.cells.assign(n, Cell());
    for (size_t k = 0; k < n; ++k) {
      if (types[k] >= CellTypeSize) fail("unknown cell type %d", int(types[k]));
      st.cells[k].type = CellType(types[k]);
    }
    size_t nc = r.count(4, "cities");
    st.city_cells.assign(nc, vector<size_t>());
    st.city_owner.assign(nc, -1);  // no round yet: every city's cells get written at the first
    for (size_t c = 0; c < nc; ++c) {
      size_t m = r.count(8, "city cells");
      vector<size_t>& cells = st.city_cells[c];
      cells.resize(m);
      for (size_t k = 0; k < m; ++k) cells[k] = index(s, read_pos(r, s));
    }
    size_t players = size_t(s.nb_players);
    st.status.assign(players, 0.0);
    st.score.assign(players, 0);
    st.num_cities.assign(players, 0);
    st.warriors.assign(players, vector<int>());
    st.cars.assign(players, vector<int>());
    player = p;
  }

  // The round view: the round, status, scores, each city's owner, the units by id.
  static void round(Reader& r) {
    Player* p = player;
    const MadMaxParams& s = p->p_;
    MadMaxData& st = p->s_;
    size_t players = size_t(s.nb_players);
    st.round = r.i32();
    for (size_t k = 0; k < players; ++k) st.status[k] = r.f64();
    for (size_t k = 0; k < players; ++k) st.score[k] = r.i64();
    const uint8_t* owners = r.bytes(st.city_cells.size(), "city owners");
    for (int& c : st.num_cities) c = 0;
    for (size_t c = 0; c < st.city_cells.size(); ++c) {
      if (owners[c] >= players) fail("city %zu has owner %d in the view", c, int(owners[c]));
      ++st.num_cities[owners[c]];
      // Only a city that changed hands has its cells rewritten.
      if (int(owners[c]) == st.city_owner[c]) continue;
      st.city_owner[c] = int(owners[c]);
      for (size_t k : st.city_cells[c]) st.cells[k].owner = int(owners[c]);
    }
    // Last round's units leave their cells.
    for (const Unit& u : st.units) st.cells[index(s, u.pos)].id = -1;
    for (auto& l : st.warriors) l.clear();
    for (auto& l : st.cars) l.clear();
    // Per unit, by id: i32 type, player, i, j, food (a car's fuel), water.
    size_t nu = r.count(24, "units");
    st.units.resize(nu);
    for (size_t id = 0; id < nu; ++id) {
      Unit& u = st.units[id];
      int type = r.i32();
      if (type != Warrior && type != Car) fail("unit type %d in the view", type);
      u.type = UnitType(type);
      u.id = int(id);
      u.player = r.i32();
      if (u.player < 0 || size_t(u.player) >= players) fail("unit %d has player %d in the view", int(id), u.player);
      u.pos = read_pos(r, s);
      u.food = r.i32();
      u.water = r.i32();
      Cell& c = st.cells[index(s, u.pos)];
      if (c.id != -1) fail("units %d and %d on one cell in the view", c.id, int(id));
      c.id = int(id);
      (u.type == Warrior ? st.warriors : st.cars)[size_t(u.player)].push_back(int(id));
    }
    p->arena_begin_round_(p->arena_me_, p);
  }

 private:
  static Pos read_pos(Reader& r, const MadMaxParams& s) {
    int i = r.i32();
    int j = r.i32();
    if (i < 0 || i >= s.rows || j < 0 || j >= s.cols) fail("position (%d, %d) off the board in the view", i, j);
    return Pos(i, j);
  }
  static size_t index(const MadMaxParams& s, Pos p) { return size_t(p.i) * size_t(s.cols) + size_t(p.j); }
};

Player* Runtime::player = nullptr;

}  // namespace arena_sdk

extern "C" {

__attribute__((export_name("arena_game_mad_max"))) void arena_game_mad_max() {}

__attribute__((export_name("arena_start"))) void arena_start(const uint8_t* ptr, int32_t len) {
  arena_sdk::Driver<arena_sdk::Runtime>::start(ptr, len, "mad-max");
}

__attribute__((export_name("arena_play"))) void arena_play(const uint8_t* ptr, int32_t len) {
  arena_sdk::Driver<arena_sdk::Runtime>::play(ptr, len);
}

}  // extern "C"
