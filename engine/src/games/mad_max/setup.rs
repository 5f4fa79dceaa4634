//! The initial state (`docs/games/mad-max.md`, "Initial state"): each city gets a warrior
//! of its owner on a random cell of it, then each player's other warriors go to random free
//! cells of its cities; then the edge Road cells are shuffled and dealt `nb_cars` per player,
//! player 0 first. Unit ids follow that creation order. The board's checks (cities, room for
//! the warriors and the cars) come first, with errors that say what is missing.

use super::board::{Board, CellType};
use super::params::Params;
use super::state::{State, UnitType};
use crate::game::{SetupError, NB_PLAYERS};
use crate::grid::{Grid, Pos};
use crate::rng::GameRng;

/// The board's problems for these parameters, in words, or the owner of each city.
pub fn check(params: &Params, board: &Board, owners: &Grid<i8>) -> Result<Vec<u8>, String> {
    let cities = board.cities();
    if cities.len() != params.nb_cities {
        return Err(format!("the board has {} cities; nb_cities is {}", cities.len(), params.nb_cities));
    }
    let city_owner: Vec<u8> = cities.iter().map(|c| owners[c[0]].clamp(0, 3) as u8).collect();
    for pl in 0..NB_PLAYERS {
        let mine: Vec<usize> = (0..cities.len()).filter(|&c| city_owner[c] as usize == pl).collect();
        if mine.len() != params.cities_per_player() {
            return Err(format!(
                "player {pl} owns {} cities; each player must own nb_cities / 4 = {}",
                mine.len(),
                params.cities_per_player()
            ));
        }
        let room: usize = mine.iter().map(|&c| cities[c].len()).sum();
        if room < params.nb_warriors {
            return Err(format!(
                "player {pl}'s cities have {room} cells; its {} warriors start inside them",
                params.nb_warriors
            ));
        }
    }
    let open = board.count(CellType::Desert) + board.count(CellType::Road);
    if open < params.nb_units() {
        return Err(format!(
            "the board has {open} Desert and Road cells; the {} units need as many to come back on",
            params.nb_units()
        ));
    }
    let roads = edge_roads(board).len();
    if roads < NB_PLAYERS * params.nb_cars {
        return Err(format!(
            "the board's edge has {roads} Road cells; the {} cars (4 x nb_cars) start on them",
            NB_PLAYERS * params.nb_cars
        ));
    }
    Ok(city_owner)
}

/// The Road cells on the board's outer ring, row-major.
pub fn edge_roads(board: &Board) -> Vec<Pos> {
    board.cells().positions().filter(|&p| board.on_edge(p) && board.at(p) == CellType::Road).collect()
}

/// Round 0 on a checked board, with the units placed.
pub fn initial_state(
    params: Params,
    cells: Grid<CellType>,
    owners: &Grid<i8>,
    rng: &mut GameRng,
) -> Result<State, SetupError> {
    let board = Board::new(cells);
    let city_owner = check(&params, &board, owners).map_err(SetupError::Other)?;
    let mut s = State::empty(params, board, city_owner);
    place_units(&mut s, rng);
    Ok(s)
}

fn place_units(s: &mut State, rng: &mut GameRng) {
    let board = s.board.clone();
    let mut pools: [Vec<Pos>; NB_PLAYERS] = Default::default();
    for (c, cells) in board.cities().iter().enumerate() {
        let owner = s.city_owner[c] as usize;
        let first = rng.index(cells.len());
        s.add_unit(UnitType::Warrior, owner, cells[first]);
        pools[owner].extend(cells.iter().enumerate().filter(|&(k, _)| k != first).map(|(_, &p)| p));
    }
    for (pl, pool) in pools.iter().enumerate() {
        let more = s.params.nb_warriors - s.params.cities_per_player();
        let order = rng.permutation(pool.len());
        for &k in order.iter().take(more) {
            s.add_unit(UnitType::Warrior, pl, pool[k]);
        }
    }
    let roads = edge_roads(&board);
    let order = rng.permutation(roads.len());
    let mut next = order.iter();
    for pl in 0..NB_PLAYERS {
        for _ in 0..s.params.nb_cars {
            let &k = next.next().expect("checked: enough edge roads");
            s.add_unit(UnitType::Car, pl, roads[k]);
        }
    }
}
