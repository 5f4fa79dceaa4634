//! RefAlloc (bot-sdk/cpp/reference/pandemic/AIRefAlloc.cc) ported rule for rule to the Rust SDK,
//! against three Dummies natively, to measure its first-place rate over many seeds in seconds
//! (docs/games/pandemic.md, "Fidelity to the kit"; on seeds 1..100 it plays the same matches as
//! the C++ player built with `arena build`):
//! `cargo run --release -p pandemic-house-tests --example alloc -- FIRST LAST` prints
//! `seed score first` per seed, the player at seat seed mod 4; `-- FIRST LAST DIR` plays on the
//! boards `DIR/k<seed>.cnf` (e.g. the kit's, from `scripts/kit-pandemic.py KIT board SEED`).
use arena_bot::pandemic::{CellType, Dir, Game, Player, Pos};
use pandemic_house_tests::*;
use std::collections::VecDeque;

#[derive(Default)]
struct Alloc;

impl Alloc {
    fn region(g: &Game, p: Pos) -> Option<(usize, Option<usize>)> {
        match g.kind(p) {
            CellType::City => {
                let c = g.city_at(p)?;
                Some((c, g.city_owner(c)))
            }
            CellType::Path => {
                let t = g.path_at(p)?;
                Some((1000 + t, g.path_owner(t)))
            }
            _ => None,
        }
    }
    fn is_target(g: &Game, p: Pos, mine: &[i32], theirs: &[i32]) -> bool {
        match Self::region(g, p) {
            None => false,
            Some((r, owner)) => owner != Some(g.me()) || theirs[r] >= mine[r],
        }
    }
}

impl Player for Alloc {
    fn play(&mut self, g: &mut Game) {
        let me = g.me();
        let mut mine = vec![0; 2000];
        let mut theirs = vec![0; 2000];
        for u in g.units() {
            if let Some((r, _)) = Self::region(g, u.pos) {
                if u.player == me {
                    mine[r] += 1
                } else {
                    theirs[r] += 1
                }
            }
        }
        let (rows, cols) = (g.rows(), g.cols());
        let mut taken: Vec<Pos> = vec![];
        for id in g.my_units(me) {
            let u = *g.unit(id);
            let mut best = None;
            let mut bh = i32::MAX;
            for (d, dir) in Dir::MOVES.iter().enumerate() {
                let q = u.pos + *dir;
                if let Some(o) = g.unit_at(q) {
                    let o = g.unit(o);
                    if o.player != me && o.health < bh {
                        bh = o.health;
                        best = Some(d);
                    }
                }
            }
            if let Some(d) = best {
                g.move_unit(id, Dir::MOVES[d]);
                continue;
            }
            if Self::is_target(g, u.pos, &mine, &theirs) {
                continue;
            }
            // A fresh breadth-first search per unit; own and enemy units block only the first step.
            let idx = |p: Pos| (p.i * cols + p.j) as usize;
            let mut dist = vec![-1i32; (rows * cols) as usize];
            let mut parent = vec![Pos { i: -1, j: -1 }; (rows * cols) as usize];
            let mut q = VecDeque::new();
            q.push_back(u.pos);
            dist[idx(u.pos)] = 0;
            let mut found = None;
            while let Some(p) = q.pop_front() {
                if found.is_none() && p != u.pos && Self::is_target(g, p, &mine, &theirs) {
                    found = Some(p);
                    break;
                }
                for dir in Dir::MOVES {
                    let n = p + dir;
                    if !g.pos_ok(n) || dist[idx(n)] != -1 || g.kind(n) == CellType::Wall {
                        continue;
                    }
                    if p == u.pos && g.unit_at(n).is_some() {
                        continue;
                    }
                    dist[idx(n)] = dist[idx(p)] + 1;
                    parent[idx(n)] = p;
                    q.push_back(n);
                }
            }
            let first = found.map(|mut p| {
                while parent[idx(p)] != u.pos {
                    p = parent[idx(p)];
                }
                p
            });
            match first {
                Some(f) if !taken.contains(&f) => {
                    taken.push(f);
                    let d = Dir::MOVES.iter().copied().find(|&d| u.pos + d == f).unwrap();
                    g.move_unit(id, d);
                }
                _ => {
                    let d = Dir::MOVES[g.random(0, 3) as usize];
                    g.move_unit(id, d);
                }
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (first, last): (u64, u64) = (args[0].parse().unwrap(), args[1].parse().unwrap());
    // Optional: a directory of `k<seed>.cnf` files to play on (`scripts/kit-pandemic.py KIT board`).
    let boards = args.get(2);
    for seed in first..=last {
        let seat = (seed % 4) as usize;
        let mut s = setup(seed, &[]);
        if let Some(dir) = boards {
            let text = std::fs::read_to_string(format!("{dir}/k{seed}.cnf")).expect("a .cnf per seed");
            let game = engine::catalog::find("pandemic").unwrap();
            let cnf = engine::cnf::parse(&text, game.param_specs()).expect("a valid .cnf");
            (s.params, s.board) = (cnf.params, cnf.board);
        }
        let players = (0..4).map(|k| if k == seat { sdk::<Alloc>("Alloc") } else { sdk::<Dummy>("Dummy") });
        let out = play(&s, players.collect(), false);
        let scores: Vec<i64> = out.summary.players.iter().map(|p| p.score).collect();
        let first = scores[seat] >= *scores.iter().max().unwrap();
        println!("{seed} {} {}", scores[seat], first as i32);
    }
}
