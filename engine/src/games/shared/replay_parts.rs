//! Replay pieces the grid games share (`docs/replay-format.md`): the board, sorted cell lists
//! and owner columns.

use crate::games::shared::conquest::{PathInfo, Regions, Terrain};
use crate::grid::{Grid, Pos};
use crate::replay::wire::{Reader, Writer};
use crate::replay::ReplayError;

pub fn corrupt(msg: impl Into<String>) -> ReplayError {
    ReplayError::Corrupt(msg.into())
}

/// `base` plus a signed difference read from `r`. A sum outside `i64` is damage (the difference
/// is the file's: it can be anything).
pub fn read_delta(r: &mut Reader, base: i64, what: &str) -> Result<i64, ReplayError> {
    base.checked_add(r.signed(what)?).ok_or_else(|| corrupt(format!("{what} out of range")))
}

/// A count, then ascending cell indices as gaps.
pub fn write_cells(cells: impl Iterator<Item = usize>, w: &mut Writer) {
    let cells: Vec<usize> = cells.collect();
    w.varint(cells.len() as u64);
    let mut last = 0;
    for c in cells {
        w.varint((c - last) as u64);
        last = c;
    }
}

/// Reads [`write_cells`]; every index below `limit`.
pub fn read_cells(r: &mut Reader, limit: usize, what: &str) -> Result<Vec<usize>, ReplayError> {
    let n = r.bounded(limit + 1, what)?;
    let mut out = Vec::with_capacity(n);
    let mut last = 0usize;
    for _ in 0..n {
        last = last
            .checked_add(r.bounded(limit, what)?)
            .filter(|&c| c < limit)
            .ok_or_else(|| corrupt(format!("{what}: cell index out of the board")))?;
        out.push(last);
    }
    Ok(out)
}

/// Writes values below 2^bits (bits dividing 8), 8 / bits to a byte, first in the low bits: the
/// dense fields (directions, players) of the interleaved games' moves.
pub fn write_packed(values: impl Iterator<Item = u8>, bits: u32, w: &mut Writer) {
    let (mut acc, mut n) = (0u8, 0);
    for v in values {
        acc |= v << (n * bits);
        n += 1;
        if n * bits == 8 {
            w.u8(acc);
            (acc, n) = (0, 0);
        }
    }
    if n > 0 {
        w.u8(acc);
    }
}

/// Reads `count` values written by [`write_packed`].
pub fn read_packed(r: &mut Reader, count: usize, bits: u32, what: &str) -> Result<Vec<u8>, ReplayError> {
    let per_byte = (8 / bits) as usize;
    let bytes = r.bytes(count.div_ceil(per_byte), what)?;
    let mask = (1u8 << bits) - 1;
    Ok((0..count).map(|i| bytes[i / per_byte] >> ((i % per_byte) as u32 * bits) & mask).collect())
}

/// Owners as one byte each: owner + 1 (0 for none).
pub fn write_owners(owners: &[i8], w: &mut Writer) {
    for &o in owners {
        w.u8((o + 1) as u8);
    }
}

pub fn read_owners(r: &mut Reader, n: usize, what: &str) -> Result<Vec<i8>, ReplayError> {
    (0..n)
        .map(|_| match r.u8(what)? {
            o @ 0..=4 => Ok(o as i8 - 1),
            o => Err(corrupt(format!("{what} {o} out of range"))),
        })
        .collect()
}

/// The board: rows, cols, one byte per cell (its type code), the cities (each a cell list), the
/// paths (ends, length, absolute cell indices).
pub fn write_board<T: Terrain>(b: &Regions<T>, w: &mut Writer) {
    w.varint(b.rows() as u64);
    w.varint(b.cols() as u64);
    for &t in b.cell_types().cells() {
        w.u8(t.code());
    }
    w.varint(b.cities().len() as u64);
    for city in b.cities() {
        write_cells(city.iter().map(|&p| b.index(p)), w);
    }
    w.varint(b.paths().len() as u64);
    for path in b.paths() {
        w.varint(path.ends.0 as u64);
        w.varint(path.ends.1 as u64);
        w.varint(path.cells.len() as u64);
        for &p in &path.cells {
            w.varint(b.index(p) as u64);
        }
    }
}

/// Reads [`write_board`], each city and path cell checked to have the right type (the game then
/// checks its own rules with its `Board::from_regions`).
pub fn read_board<T: Terrain>(r: &mut Reader) -> Result<Regions<T>, ReplayError> {
    let rows = r.bounded(1001, "rows")?;
    let cols = r.bounded(1001, "cols")?;
    let n = rows * cols;
    let mut cells = Grid::new(rows, cols, T::OFF_BOARD);
    for (k, c) in r.bytes(n, "cells")?.iter().enumerate() {
        cells.cells_mut()[k] = T::from_code(*c).ok_or_else(|| corrupt(format!("cell type {c}")))?;
    }
    let typed = |k: usize, t: T| {
        if cells.cells()[k] == t {
            Ok(cells.pos(k))
        } else {
            Err(corrupt(format!("cell {k} listed as {t:?} but is {:?}", cells.cells()[k])))
        }
    };
    let nc = r.bounded(n + 1, "city count")?;
    let mut cities = Vec::with_capacity(nc);
    for _ in 0..nc {
        let city = read_cells(r, n, "city")?;
        cities.push(city.into_iter().map(|k| typed(k, T::CITY)).collect::<Result<Vec<_>, _>>()?);
    }
    let np = r.bounded(n + 1, "path count")?;
    let mut paths = Vec::with_capacity(np);
    for _ in 0..np {
        let ends = (r.bounded(nc, "path end")?, r.bounded(nc, "path end")?);
        let len = r.bounded(n + 1, "path length")?;
        let cells_of: Result<Vec<Pos>, _> = (0..len).map(|_| typed(r.bounded(n, "path cell")?, T::PATH)).collect();
        paths.push(PathInfo { ends, cells: cells_of? });
    }
    Ok(Regions::from_parts(cells, cities, paths))
}
