//! FIXED Purge boards in `.cnf` files, in the kit's layout (`default-fixed.cnf`):
//!
//! ```text
//! FIXED
//!    000000000011111111112222222222
//!    012345678901234567890123456789      <- column labels, skipped
//! 00 ......G.......M...........B...      <- board_rows rows: a row label, then `.` street,
//! ...                                       `B` building, `G` gun, `Z` bazooka, `M` money,
//! citizens 24                               `F` food (`C c W w b` read as street)
//! type id player row column weapon life  <- header line, optional
//! b 0 0 3 4 n 60                         <- type `b` builder / `w` warrior; weapon `n` none,
//! w 4 0 7 7 h 100                           `h` hammer, `g` gun, `b` bazooka
//! ...
//! barricades 1
//! player row column resistance
//! 0 3 5 40
//! ```
//! The grid holds exactly the `num_ini_` counts of money, food, guns and bazookas. `citizens`
//! lists ids `0..4 × (builders + warriors)` once each: per player `num_ini_builders` builders
//! (weapon `n`) and `num_ini_warriors` warriors (a weapon), each at its initial life, on distinct
//! street cells with no item. `barricades` lists cells with no item and no citizen but one of
//! its owner's, resistances `1..=barricade_max_resistance`, at most `max_num_barricades` per
//! player. Without `citizens` they are placed as on a random board; without `barricades` there
//! are none.

use super::board::Board;
use super::params::Params;
use super::placement::empty_cell;
use super::state::{Barricade, Citizen, CitizenType, Item, State, Weapon};
use crate::cnf::CnfError;
use crate::game::{SetupError, NB_PLAYERS};
use crate::games::shared::fixed_grid::{self, Section};
use crate::grid::{Grid, Pos};
use crate::rng::GameRng;

/// A cell of the FIXED grid: building or street, with an item.
#[derive(Clone, Copy)]
struct FixedCell {
    building: bool,
    item: Option<Item>,
}

fn cell(c: char) -> Option<FixedCell> {
    let street = |item| Some(FixedCell { building: false, item });
    match c {
        'B' => Some(FixedCell { building: true, item: None }),
        '.' | 'C' | 'c' | 'W' | 'w' | 'b' => street(None),
        'G' => street(Some(Item::Gun)),
        'Z' => street(Some(Item::Bazooka)),
        'M' => street(Some(Item::Money)),
        'F' => street(Some(Item::Food)),
        _ => None,
    }
}

// The letters of the citizens section, as numbers no real field takes (`b` is a builder in the
// type column and a bazooka in the weapon column).
const B: i64 = 1_000_001;
const W: i64 = 1_000_002;
const N: i64 = 1_000_003;
const H: i64 = 1_000_004;
const G: i64 = 1_000_005;

fn word(w: &str) -> Option<i64> {
    match w {
        "b" => Some(B),
        "w" => Some(W),
        "n" => Some(N),
        "h" => Some(H),
        "g" => Some(G),
        _ => None,
    }
}

/// The state a FIXED board describes (citizens placed with `rng` when not listed).
pub fn state(params: &Params, lines: &[(usize, String)], rng: &mut GameRng) -> Result<State, SetupError> {
    let (cells, last_line, sections) = fixed_grid::parse_with_words(
        params.rows,
        params.cols,
        lines,
        FixedCell { building: true, item: None },
        cell,
        "`.` street, `B` building, `G` gun, `Z` bazooka, `M` money, `F` food",
        &[("citizens", 7), ("barricades", 4)],
        word,
    )?;
    let mut building = Grid::new(params.rows, params.cols, false);
    for p in cells.positions() {
        building[p] = cells[p].building;
    }
    let mut s = State::empty(params.clone(), Board::new(building));
    for p in cells.positions() {
        let k = s.board.index(p);
        s.item[k] = cells[p].item;
    }
    for (it, want, name) in [
        (Item::Money, params.money, "num_ini_money"),
        (Item::Food, params.food, "num_ini_food"),
        (Item::Gun, params.guns, "num_ini_guns"),
        (Item::Bazooka, params.bazookas, "num_ini_bazookas"),
    ] {
        let got = s.item.iter().filter(|&&x| x == Some(it)).count();
        if got != want {
            return Err(CnfError::new(last_line, format!("the board has {got} {it:?} cells; {name} is {want}")).into());
        }
    }
    let (mut citizens, mut barricades) = (None, None);
    for sec in sections {
        let slot = if sec.name == "citizens" { &mut citizens } else { &mut barricades };
        if slot.is_some() {
            return Err(CnfError::new(sec.line, format!("`{}` is given twice", sec.name)).into());
        }
        *slot = Some(sec);
    }
    match citizens {
        Some(sec) => read_citizens(&mut s, &sec)?,
        None => place_citizens(&mut s, rng)?,
    }
    if let Some(sec) = barricades {
        read_barricades(&mut s, &sec)?;
    }
    Ok(s)
}

fn place_citizens(s: &mut State, rng: &mut GameRng) -> Result<(), SetupError> {
    let p = s.params.clone();
    for player in 0..NB_PLAYERS {
        for kind in std::iter::repeat_n(CitizenType::Builder, p.builders)
            .chain(std::iter::repeat_n(CitizenType::Warrior, p.warriors))
        {
            let at = empty_cell(s, rng).ok_or_else(|| SetupError::Other("no empty street cell left".into()))?;
            s.add_citizen(player, kind, at);
        }
    }
    Ok(())
}

fn read_citizens(s: &mut State, sec: &Section) -> Result<(), CnfError> {
    let p = s.params.clone();
    let total = NB_PLAYERS * p.citizens_per_player();
    if sec.rows.len() != total {
        return Err(CnfError::new(
            sec.line,
            format!("{} citizens listed; 4 x (num_ini_builders + num_ini_warriors) is {total}", sec.rows.len()),
        ));
    }
    let mut listed: Vec<Option<Citizen>> = vec![None; total];
    let mut counts = [[0usize; 2]; NB_PLAYERS];
    for (m, v) in &sec.rows {
        let err = |msg: String| CnfError::new(*m, msg);
        let kind = match v[0] {
            B => CitizenType::Builder,
            W => CitizenType::Warrior,
            _ => return Err(err("a citizen's type is `b` (builder) or `w` (warrior)".into())),
        };
        let id = usize::try_from(v[1])
            .ok()
            .filter(|&id| id < total)
            .ok_or_else(|| err(format!("citizen id {} is not in 0..{total}", v[1])))?;
        let player = usize::try_from(v[2])
            .ok()
            .filter(|&pl| pl < NB_PLAYERS)
            .ok_or_else(|| err(format!("citizen {id}: player {} is not in 0..4", v[2])))?;
        let pos = Pos::new(v[3] as i32, v[4] as i32);
        if !s.board.is_street(pos) {
            return Err(err(format!("citizen {id} at {pos} is not on a street cell")));
        }
        let k = s.board.index(pos);
        if s.item[k].is_some() || s.citizen_at[k] >= 0 {
            return Err(err(format!("citizen {id} at {pos} shares its cell with an item or a citizen")));
        }
        let weapon = match (kind, v[5]) {
            (CitizenType::Builder, N) => None,
            (CitizenType::Builder, _) => return Err(err(format!("builder {id} must have weapon `n`"))),
            (CitizenType::Warrior, H) => Some(Weapon::Hammer),
            (CitizenType::Warrior, G) => Some(Weapon::Gun),
            (CitizenType::Warrior, B) => Some(Weapon::Bazooka),
            (CitizenType::Warrior, _) => {
                return Err(err(format!("warrior {id} must have weapon `h`, `g` or `b`")));
            }
        };
        let life = match kind {
            CitizenType::Builder => p.builder_life,
            CitizenType::Warrior => p.warrior_life,
        };
        if v[6] != life {
            return Err(err(format!("citizen {id} has life {}; it starts at {life}", v[6])));
        }
        if listed[id].is_some() {
            return Err(err(format!("citizen id {id} is listed twice")));
        }
        listed[id] = Some(Citizen { id, kind, player, pos, weapon, life, alive: true });
        s.citizen_at[k] = id as i32;
        counts[player][kind as usize] += 1;
    }
    s.citizens = listed.into_iter().map(|c| c.expect("every id listed once")).collect();
    for (pl, [b, w]) in counts.iter().enumerate() {
        if (*b, *w) != (p.builders, p.warriors) {
            return Err(CnfError::new(
                sec.line,
                format!(
                    "player {pl} has {b} builders and {w} warriors; num_ini_builders is {} and num_ini_warriors {}",
                    p.builders, p.warriors
                ),
            ));
        }
    }
    Ok(())
}

fn read_barricades(s: &mut State, sec: &Section) -> Result<(), CnfError> {
    let p = s.params.clone();
    for (m, v) in &sec.rows {
        let err = |msg: String| CnfError::new(*m, msg);
        let player = usize::try_from(v[0])
            .ok()
            .filter(|&pl| pl < NB_PLAYERS)
            .ok_or_else(|| err(format!("barricade player {} is not in 0..4", v[0])))?;
        let pos = Pos::new(v[1] as i32, v[2] as i32);
        if !s.board.is_street(pos) {
            return Err(err(format!("barricade at {pos} is not on a street cell")));
        }
        let k = s.board.index(pos);
        if s.item[k].is_some() || s.barricade[k].is_some() {
            return Err(err(format!("barricade at {pos} shares its cell with an item or a barricade")));
        }
        if s.citizen_on(pos).is_some_and(|c| c.player != player) {
            return Err(err(format!("barricade of player {player} at {pos} holds a rival citizen")));
        }
        if !(1..=p.max_resistance).contains(&v[3]) {
            return Err(err(format!("resistance {} is not in 1..={}", v[3], p.max_resistance)));
        }
        s.barricade[k] = Some(Barricade { player, resistance: v[3] });
        if s.barricades_of(player).len() > p.max_barricades {
            return Err(err(format!(
                "player {player} has more than max_num_barricades ({}) barricades",
                p.max_barricades
            )));
        }
    }
    Ok(())
}
