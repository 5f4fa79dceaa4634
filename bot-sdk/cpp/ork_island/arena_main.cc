// Arena's C++ SDK for Ork Island: the ABI exports `arena_game_ork_island`, `arena_start` and
// `arena_play` (docs/bot-abi.md). They create the registered player (at the first arena_play, so
// that its constructor may call random()), decode the setup and round views into its Settings
// and State, call play() and send its orders. What every grid game shares is in arena/grid_view.hh.

#include "Player.hh"
#include "arena/grid_view.hh"

// Defined by RegisterPlayer(...) in the player's file.
extern "C" ::Player* arena_new_player();
extern "C" const char arena_player_name[];

namespace arena_sdk {

struct Runtime {
  static Player* player;

  // Creates the player, then gives it the setup view.
  static void start(Reader& r) {
    SetupHeader h = read_setup_header(r, "ork-island");
    Player* p = arena_new_player();
    if (p == nullptr) fail("%s::factory() returned null", arena_player_name);
    p->arena_me_ = h.me;
    GridParams& g = p->arena_grid_;
    OrkIslandSettings& s = p->arena_settings_;
    g.nb_players = h.nb_players;
    g.rows = r.i32();
    g.cols = r.i32();
    g.nb_rounds = r.i32();
    g.initial_health = r.i32();
    s.nb_orks = r.i32();
    s.cost_grass = r.i32();
    s.cost_forest = r.i32();
    s.cost_sand = r.i32();
    s.cost_city = r.i32();
    s.cost_path = r.i32();
    g.bonus_per_city_cell = r.i32();
    g.bonus_per_path_cell = r.i32();
    g.factor_connected_component = r.i32();
    read_board(r, g, PATH, p->arena_state_);
    player = p;
  }

  static void round(Reader& r) {
    Player* p = player;
    const GridParams& g = p->arena_grid_;
    GridData<Cell, Unit>& st = p->arena_state_;
    read_round_head(r, g, st);

    // Read in place: the state points at the orks (i32 player, i, j, health each).
    read_units(r, OrkIslandView::unit_size, st);
    p->begin_round(p->arena_me_, st.units, st.nb_units, OrkIslandView::unit_size);
  }
};

Player* Runtime::player = nullptr;

}  // namespace arena_sdk

extern "C" {

__attribute__((export_name("arena_game_ork_island"))) void arena_game_ork_island() {}

__attribute__((export_name("arena_start"))) void arena_start(const uint8_t* ptr, int32_t len) {
  arena_sdk::Driver<arena_sdk::Runtime>::start(ptr, len, "ork-island");
}

__attribute__((export_name("arena_play"))) void arena_play(const uint8_t* ptr, int32_t len) {
  arena_sdk::Driver<arena_sdk::Runtime>::play(ptr, len);
}

}  // extern "C"
