//! Replay pieces the grid games share (`docs/replay-format.md`): sorted cell lists and owner
//! columns.

use crate::replay::wire::{Reader, Writer};
use crate::replay::ReplayError;

pub fn corrupt(msg: impl Into<String>) -> ReplayError {
    ReplayError::Corrupt(msg.into())
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
