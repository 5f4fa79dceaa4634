// Arena's C++ SDK for The Walking Dead: the ABI exports `arena_game_walking_dead`, `arena_start`
// and `arena_play` (docs/bot-abi.md). They create the registered player (at the first
// arena_play, so that its constructor may call random()), decode the setup and round views into
// its Settings and State, call play() and send its orders.

#include "Player.hh"
#include "arena/driver.hh"

// Defined by RegisterPlayer(...) in the player's file.
extern "C" ::Player* arena_new_player();
extern "C" const char arena_player_name[];

namespace arena_sdk {

struct Runtime {
  static Player* player;

  // Creates the player, then gives it the setup view.
  static void start(Reader& r) {
    SetupHeader h = read_setup_header(r, "walking-dead");
    Player* p = arena_new_player();
    if (p == nullptr) fail("%s::factory() returned null", arena_player_name);
    p->arena_me_ = h.me;
    WalkingDeadParams& s = p->p_;
    s.num_players = h.nb_players;
    int* fields[] = {&s.num_rounds, &s.board_rows, &s.board_cols, &s.num_ini_units_per_clan,
                     &s.num_ini_zombies, &s.num_ini_food, &s.clan_ini_strength, &s.points_for_killing_person,
                     &s.points_for_killing_zombie, &s.points_per_owned_cell, &s.food_strength,
                     &s.rounds_before_becoming_zombie};
    for (int* f : fields) *f = r.i32();
    if (s.board_rows <= 0 || s.board_cols <= 0) fail("bad board size %dx%d", s.board_rows, s.board_cols);
    size_t n = size_t(s.board_rows) * size_t(s.board_cols);
    const uint8_t* types = r.bytes(n, "cell types");
    WalkingDeadData& st = p->s_;
    st.cells.assign(n, Cell());
    st.no_owners.assign(n, 0);
    st.owners = st.no_owners.data();
    for (size_t k = 0; k < n; ++k) {
      if (types[k] > Waste) fail("unknown cell type %d", int(types[k]));
      st.cells[k].type = CellType(types[k]);
    }
    size_t players = size_t(s.num_players);
    st.status.assign(players, 0.0);
    st.score.assign(players, 0);
    st.strength.assign(players, 0);
    st.alive.assign(players, vector<int>());
    st.dead.assign(players, vector<int>());
    player = p;
  }

  static void round(Reader& r) {
    Player* p = player;
    const WalkingDeadParams& s = p->p_;
    WalkingDeadData& st = p->s_;
    size_t players = size_t(s.num_players);
    st.round = r.i32();
    for (size_t k = 0; k < players; ++k) st.status[k] = r.f64();
    for (size_t k = 0; k < players; ++k) st.score[k] = r.i64();
    for (size_t k = 0; k < players; ++k) st.strength[k] = r.i32();
    // Owners are read in place by State::cell(); last round's units and food come off the
    // cells they were on, this round's go on theirs.
    st.owners = r.bytes(st.cells.size(), "owners");
    for (size_t k : st.marked) {
      st.cells[k].id = -1;
      st.cells[k].food = false;
    }
    st.marked.clear();
    size_t nf = r.count(8, "food");
    for (size_t k = 0; k < nf; ++k) st.cells[mark(s, st, read_pos(r, s))].food = true;
    for (auto& l : st.alive) l.clear();
    for (auto& l : st.dead) l.clear();
    st.zombies.clear();
    // Per unit: i32 type, player, i, j, rounds for zombie.
    size_t nu = r.count(20, "units");
    st.units.resize(nu);
    for (size_t id = 0; id < nu; ++id) {
      Unit& u = st.units[id];
      int type = r.i32();
      if (type < Alive || type > Zombie) fail("unit type %d in the view", type);
      u.type = UnitType(type);
      u.id = int(id);
      u.player = r.i32();
      u.pos = read_pos(r, s);
      u.rounds_for_zombie = r.i32();
      st.cells[mark(s, st, u.pos)].id = int(id);
      if (u.type == Zombie) {
        st.zombies.push_back(int(id));
      } else {
        if (u.player < 0 || size_t(u.player) >= players) fail("unit %d has player %d in the view", int(id), u.player);
        (u.type == Alive ? st.alive : st.dead)[size_t(u.player)].push_back(int(id));
      }
    }
    p->begin_round(p->arena_me_, st.units);
  }

 private:
  static Pos read_pos(Reader& r, const WalkingDeadParams& s) {
    int i = r.i32();
    int j = r.i32();
    if (i < 0 || i >= s.board_rows || j < 0 || j >= s.board_cols) fail("position (%d, %d) off the board in the view", i, j);
    return Pos(i, j);
  }
  // The index of the cell at p, remembered to be reset next round.
  static size_t mark(const WalkingDeadParams& s, WalkingDeadData& st, Pos p) {
    size_t k = size_t(p.i) * size_t(s.board_cols) + size_t(p.j);
    st.marked.push_back(k);
    return k;
  }
};

Player* Runtime::player = nullptr;

}  // namespace arena_sdk

extern "C" {

__attribute__((export_name("arena_game_walking_dead"))) void arena_game_walking_dead() {}

__attribute__((export_name("arena_start"))) void arena_start(const uint8_t* ptr, int32_t len) {
  arena_sdk::Driver<arena_sdk::Runtime>::start(ptr, len, "walking-dead");
}

__attribute__((export_name("arena_play"))) void arena_play(const uint8_t* ptr, int32_t len) {
  arena_sdk::Driver<arena_sdk::Runtime>::play(ptr, len);
}

}  // extern "C"
