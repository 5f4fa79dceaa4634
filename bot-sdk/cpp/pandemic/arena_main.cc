// Arena's C++ SDK for Pandemic: the ABI exports `arena_game_pandemic`, `arena_start` and
// `arena_play` (docs/bot-abi.md). They create the registered player (at the first arena_play, so
// that its constructor may call random()), decode the setup and round views into its Settings
// and State, call play() and send its orders.
//
// Decoding reuses its buffers: after the first round it allocates nothing.

#include "Player.hh"

// Defined by RegisterPlayer(...) in the player's file.
extern "C" ::Player* arena_new_player();
extern "C" const char arena_player_name[];

namespace arena_sdk {

struct Runtime {
  static Player* player;

  // The setup view, kept from arena_start until the first arena_play creates the player.
  static vector<uint8_t> setup;

  // Creates the player, then gives it the setup view. The host allows its imports (random)
  // only during arena_play, so the player is created there: a constructor may call random().
  static void start(Reader& r) {
    SetupHeader h = read_setup_header(r, "pandemic");
    Player* p = arena_new_player();
    if (p == nullptr) fail("%s::factory() returned null", arena_player_name);
    p->arena_me_ = h.me;
    PandemicSettings& s = p->arena_settings_;
    s.nb_players = h.nb_players;
    s.rows = r.i32();
    s.cols = r.i32();
    s.nb_rounds = r.i32();
    s.initial_health = r.i32();
    s.nb_units = r.i32();
    s.bonus_per_city_cell = r.i32();
    s.bonus_per_path_cell = r.i32();
    s.factor_connected_component = r.i32();
    s.infection_factor = r.f64();
    s.mask_protection = r.f64();
    if (s.rows <= 0 || s.cols <= 0) fail("bad board size %dx%d", s.rows, s.cols);

    PandemicState& st = p->arena_state_;
    size_t n = size_t(s.rows) * size_t(s.cols);
    const uint8_t* types = r.bytes(n, "cell types");
    st.cells.assign(n, Cell());
    for (size_t k = 0; k < n; ++k) {
      if (types[k] > PATH) fail("unknown cell type %d", int(types[k]));
      st.cells[k].type = CellType(types[k]);
    }

    size_t nc = r.count(4, "cities");
    st.cities.assign(nc, City());
    for (size_t c = 0; c < nc; ++c) {
      size_t m = r.count(8, "city cells");
      City& city = st.cities[c];
      city.resize(m);
      for (size_t k = 0; k < m; ++k) {
        city[k] = read_pos(r, s);
        cell_at(st, s, city[k]).city_id = int(c);
      }
    }

    size_t np = r.count(12, "paths");
    st.paths.assign(np, Path());
    for (size_t q = 0; q < np; ++q) {
      Path& path = st.paths[q];
      path.first.first = r.i32();
      path.first.second = r.i32();
      size_t m = r.count(8, "path cells");
      path.second.resize(m);
      for (size_t k = 0; k < m; ++k) {
        path.second[k] = read_pos(r, s);
        cell_at(st, s, path.second[k]).path_id = int(q);
      }
    }

    st.status.assign(size_t(s.nb_players), 0.0);
    st.score.assign(size_t(s.nb_players), 0);
    st.units_of.assign(size_t(s.nb_players), vector<int>());
    st.city_owner.assign(nc, -1);
    st.path_owner.assign(np, -1);
    player = p;
  }

  static void round(Reader& r) {
    Player* p = player;
    const PandemicSettings& s = p->arena_settings_;
    PandemicState& st = p->arena_state_;
    size_t players = size_t(s.nb_players);

    st.round = r.i32();
    for (size_t k = 0; k < players; ++k) st.status[k] = r.f64();
    for (size_t k = 0; k < players; ++k) st.score[k] = r.i64();
    read_owners(r, st.city_owner, "cities");
    read_owners(r, st.path_owner, "paths");

    size_t n = st.cells.size();
    const uint8_t* virus = r.bytes(n, "virus levels");
    const uint8_t* mask = r.bytes(n, "masks");
    for (size_t k = 0; k < n; ++k) {
      st.cells[k].virus = virus[k];
      st.cells[k].mask = mask[k] != 0;
    }

    // Forget last round's units on the board, then place this round's.
    for (const Unit& u : st.units) cell_at(st, s, u.pos).unit_id = -1;
    for (vector<int>& ids : st.units_of) ids.clear();
    size_t nu = r.count(28, "units");
    st.units.resize(nu);
    for (size_t id = 0; id < nu; ++id) {
      Unit& u = st.units[id];
      u.id = int(id);
      u.player = r.i32();
      u.pos = read_pos(r, s);
      u.health = r.i32();
      u.damage = r.i32();
      u.turns = r.i32();
      int32_t flags = r.i32();
      u.immune = (flags & 1) != 0;
      u.mask = (flags & 2) != 0;
      cell_at(st, s, u.pos).unit_id = int(id);
      if (u.player >= 0 && size_t(u.player) < players) st.units_of[size_t(u.player)].push_back(int(id));
    }
  }

 private:
  static Pos read_pos(Reader& r, const PandemicSettings& s) {
    int i = r.i32();
    int j = r.i32();
    if (i < 0 || i >= s.rows || j < 0 || j >= s.cols) fail("position (%d, %d) off the board in the view", i, j);
    return Pos(i, j);
  }

  static Cell& cell_at(PandemicState& st, const PandemicSettings& s, Pos p) {
    return st.cells[size_t(p.i) * size_t(s.cols) + size_t(p.j)];
  }

  static void read_owners(Reader& r, vector<int>& owners, const char* what) {
    size_t n = r.count(4, what);
    if (n != owners.size()) fail("%zu %s in the round view, %zu in the setup", n, what, owners.size());
    for (size_t k = 0; k < n; ++k) owners[k] = r.i32();
  }
};

Player* Runtime::player = nullptr;
vector<uint8_t> Runtime::setup;

}  // namespace arena_sdk

extern "C" {

__attribute__((export_name("arena_game_pandemic"))) void arena_game_pandemic() {}

__attribute__((export_name("arena_start"))) void arena_start(const uint8_t* ptr, int32_t len) {
  using arena_sdk::Runtime;
  if (Runtime::player != nullptr || !Runtime::setup.empty()) arena_sdk::fail("arena_start called twice");
  size_t n = len > 0 ? size_t(len) : 0;
  // Check the header now, so that a bot built for another game stops before round 0.
  arena_sdk::Reader r(ptr, n);
  arena_sdk::read_setup_header(r, "pandemic");
  Runtime::setup.assign(ptr, ptr + n);
}

__attribute__((export_name("arena_play"))) void arena_play(const uint8_t* ptr, int32_t len) {
  using arena_sdk::Runtime;
  if (Runtime::player == nullptr) {
    if (Runtime::setup.empty()) arena_sdk::fail("arena_play called before arena_start");
    arena_sdk::Reader s(Runtime::setup.data(), Runtime::setup.size());
    Runtime::start(s);
    vector<uint8_t>().swap(Runtime::setup);
  }
  arena_sdk::Reader r(ptr, len > 0 ? size_t(len) : 0);
  arena_sdk::Runtime::round(r);
  arena_sdk::clear_orders();
  arena_sdk::Runtime::player->play();
  arena_sdk::flush_orders();
}

}  // extern "C"
