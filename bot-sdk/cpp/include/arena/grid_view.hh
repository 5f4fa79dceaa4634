// Arena's C++ SDK: decoding what every grid game's views share (docs/bot-abi.md): the board part
// of the setup view, the head of the round view, and the units' places (the driver behind the
// exports is every game's: arena/driver.hh). Only the games' arena_main.cc include it.
//
// The round view is read in place (arena/grid_state.hh): decoding a round reads its head and
// owners and points the state at the rest; nothing is copied.

#ifndef ARENA_GRID_VIEW_HH
#define ARENA_GRID_VIEW_HH

#include "arena/driver.hh"
#include "arena/grid_state.hh"

namespace arena_sdk {

inline Pos read_pos(Reader& r, const GridParams& s) {
  int i = r.i32();
  int j = r.i32();
  if (i < 0 || i >= s.rows || j < 0 || j >= s.cols) fail("position (%d, %d) off the board in the view", i, j);
  return Pos(i, j);
}

template <class CellT, class UnitT>
CellT& cell_at(GridData<CellT, UnitT>& st, const GridParams& s, Pos p) {
  return st.cells[size_t(p.i) * size_t(s.cols) + size_t(p.j)];
}

// The setup view after the game's parameters: cell types (codes 0..last_type), cities, paths.
// Also sizes the per-round parts of the state.
template <class CellT, class UnitT>
void read_board(Reader& r, const GridParams& s, int last_type, GridData<CellT, UnitT>& st) {
  if (s.rows <= 0 || s.cols <= 0) fail("bad board size %dx%d", s.rows, s.cols);
  size_t n = size_t(s.rows) * size_t(s.cols);
  const uint8_t* types = r.bytes(n, "cell types");
  st.cells.assign(n, CellT());
  for (size_t k = 0; k < n; ++k) {
    if (types[k] > last_type) fail("unknown cell type %d", int(types[k]));
    st.cells[k].type = decltype(CellT::type)(types[k]);
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
  st.cols = s.cols;
  st.nb_players = s.nb_players;
}

inline void read_owners(Reader& r, vector<int>& owners, const char* what) {
  size_t n = r.count(4, what);
  if (n != owners.size()) fail("%zu %s in the round view, %zu in the setup", n, what, owners.size());
  for (size_t k = 0; k < n; ++k) owners[k] = r.i32();
}

// The head of a round view: round, status, scores, city and path owners.
template <class CellT, class UnitT>
void read_round_head(Reader& r, const GridParams& s, GridData<CellT, UnitT>& st) {
  size_t players = size_t(s.nb_players);
  st.round = r.i32();
  for (size_t k = 0; k < players; ++k) st.status[k] = r.f64();
  for (size_t k = 0; k < players; ++k) st.score[k] = r.i64();
  read_owners(r, st.city_owner, "cities");
  read_owners(r, st.path_owner, "paths");
}

// The units of a round view (a count, then `unit_size` bytes per unit), read in place: the
// state points at them; the indexes built from them last round are stale from now on.
template <class CellT, class UnitT>
void read_units(Reader& r, size_t unit_size, GridData<CellT, UnitT>& st) {
  size_t n = r.count(unit_size, "units");
  st.new_units(r.bytes(n * unit_size, "units"), n);
}

}  // namespace arena_sdk

#endif
