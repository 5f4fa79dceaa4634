// Arena's C++ SDK for The Purge: the ABI exports `arena_game_purge`, `arena_start` and
// `arena_play` (docs/bot-abi.md). They create the registered player (at the first arena_play,
// so that its constructor may call random()), decode the setup and round views into its
// Settings and State, call play() and send its orders.

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
    SetupHeader h = read_setup_header(r, "purge");
    Player* p = arena_new_player();
    if (p == nullptr) fail("%s::factory() returned null", arena_player_name);
    p->arena_me_ = h.me;
    PurgeParams& s = p->p_;
    s.num_players = h.nb_players;
    int* fields[] = {&s.num_days, &s.num_rounds_per_day, &s.board_rows, &s.board_cols, &s.num_ini_builders,
                     &s.num_ini_warriors, &s.num_ini_money, &s.num_ini_food, &s.num_ini_guns, &s.num_ini_bazookas,
                     &s.builder_ini_life, &s.warrior_ini_life, &s.money_points, &s.kill_builder_points,
                     &s.kill_warrior_points, &s.food_incr_life, &s.life_lost_in_attack, &s.builder_strength_attack,
                     &s.hammer_strength_attack, &s.gun_strength_attack, &s.bazooka_strength_attack,
                     &s.builder_strength_demolish, &s.hammer_strength_demolish, &s.gun_strength_demolish,
                     &s.bazooka_strength_demolish, &s.num_rounds_regen_builder, &s.num_rounds_regen_warrior,
                     &s.num_rounds_regen_food, &s.num_rounds_regen_money, &s.num_rounds_regen_weapon,
                     &s.barricade_resistance_step, &s.barricade_max_resistance, &s.max_num_barricades};
    for (int* f : fields) *f = r.i32();
    if (s.board_rows <= 0 || s.board_cols <= 0) fail("bad board size %dx%d", s.board_rows, s.board_cols);
    if (s.num_rounds_per_day <= 0) fail("bad number of rounds per day %d", s.num_rounds_per_day);
    size_t n = size_t(s.board_rows) * size_t(s.board_cols);
    const uint8_t* types = r.bytes(n, "cell types");
    PurgeData& st = p->s_;
    st.cells.assign(n, Cell());
    types_.assign(n, Street);
    for (size_t k = 0; k < n; ++k) {
      if (types[k] > Building) fail("unknown cell type %d", int(types[k]));
      types_[k] = CellType(types[k]);
    }
    size_t players = size_t(s.num_players);
    st.status.assign(players, 0.0);
    st.score.assign(players, 0);
    st.builders.assign(players, vector<int>());
    st.warriors.assign(players, vector<int>());
    st.barricades.assign(players, vector<Pos>());
    player = p;
  }

  static void round(Reader& r) {
    Player* p = player;
    const PurgeParams& s = p->p_;
    PurgeData& st = p->s_;
    size_t players = size_t(s.num_players);
    st.round = r.i32();
    for (size_t k = 0; k < players; ++k) st.status[k] = r.f64();
    for (size_t k = 0; k < players; ++k) st.score[k] = r.i64();
    size_t n = st.cells.size();
    const uint8_t* items = r.bytes(n, "items");
    for (size_t k = 0; k < n; ++k) {
      Cell& c = st.cells[k];
      c = Cell();
      c.type = types_[k];
      switch (items[k]) {
        case 0: break;
        case 1: c.bonus = Money; break;
        case 2: c.bonus = Food; break;
        case 3: c.weapon = Gun; break;
        case 4: c.weapon = Bazooka; break;
        default: fail("unknown item %d in the view", int(items[k]));
      }
    }
    // Per barricade: i32 player, i, j, resistance; the host lists them row-major.
    for (auto& l : st.barricades) l.clear();
    size_t nb = r.count(16, "barricades");
    for (size_t k = 0; k < nb; ++k) {
      int pl = r.i32();
      if (pl < 0 || size_t(pl) >= players) fail("barricade of player %d in the view", pl);
      Pos pos = read_pos(r, s);
      Cell& c = cell_at(s, st, pos);
      c.b_owner = pl;
      c.resistance = r.i32();
      st.barricades[size_t(pl)].push_back(pos);
    }
    for (auto& l : st.barricades) std::sort(l.begin(), l.end());
    // Per citizen: i32 id, type, player, i, j, weapon, life; ascending ids.
    for (auto& l : st.builders) l.clear();
    for (auto& l : st.warriors) l.clear();
    size_t nc = r.count(28, "citizens");
    vector<Citizen> citizens;
    citizens.swap(st.citizens);
    for (Citizen& c : citizens) c.id = -1;
    for (size_t k = 0; k < nc; ++k) {
      int id = r.i32();
      int type = r.i32();
      int pl = r.i32();
      if (id < 0) fail("citizen id %d in the view", id);
      if (type < Builder || type > Warrior) fail("citizen type %d in the view", type);
      if (pl < 0 || size_t(pl) >= players) fail("citizen %d has player %d in the view", id, pl);
      Pos pos = read_pos(r, s);
      int weapon = r.i32();
      if (weapon < Hammer || weapon > NoWeapon) fail("weapon %d in the view", weapon);
      int life = r.i32();
      if (size_t(id) >= citizens.size()) citizens.resize(size_t(id) + 1);
      citizens[size_t(id)] = Citizen(CitizenType(type), id, pl, pos, WeaponType(weapon), life);
      cell_at(s, st, pos).id = id;
      (type == Builder ? st.builders : st.warriors)[size_t(pl)].push_back(id);
    }
    int ids = r.i32();
    if (ids < 0 || size_t(ids) < citizens.size()) fail("%d citizen ids in the view", ids);
    citizens.resize(size_t(ids));
    st.citizens.swap(citizens);
    for (auto& l : st.builders) std::sort(l.begin(), l.end());
    for (auto& l : st.warriors) std::sort(l.begin(), l.end());
    p->begin_round(size_t(ids));
  }

 private:
  static vector<CellType> types_;  // the board, from the setup view

  static Pos read_pos(Reader& r, const PurgeParams& s) {
    int i = r.i32();
    int j = r.i32();
    if (i < 0 || i >= s.board_rows || j < 0 || j >= s.board_cols) fail("position (%d, %d) off the board in the view", i, j);
    return Pos(i, j);
  }
  static Cell& cell_at(const PurgeParams& s, PurgeData& st, Pos p) {
    return st.cells[size_t(p.i) * size_t(s.board_cols) + size_t(p.j)];
  }
};

Player* Runtime::player = nullptr;
vector<CellType> Runtime::types_;

}  // namespace arena_sdk

extern "C" {

__attribute__((export_name("arena_game_purge"))) void arena_game_purge() {}

__attribute__((export_name("arena_start"))) void arena_start(const uint8_t* ptr, int32_t len) {
  arena_sdk::Driver<arena_sdk::Runtime>::start(ptr, len, "purge");
}

__attribute__((export_name("arena_play"))) void arena_play(const uint8_t* ptr, int32_t len) {
  arena_sdk::Driver<arena_sdk::Runtime>::play(ptr, len);
}

}  // extern "C"
