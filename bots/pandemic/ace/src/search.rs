//! A reusable, bounded breadth-first search: no clearing of the whole board between searches
//! (cells are stamped with the search that reached them).

use crate::map::{Map, FAR};

#[derive(Default)]
pub struct Search {
    dist: Vec<u16>,
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
}

impl Search {
    /// Searches from `sources` over open cells accepted by `allow`, up to `limit` steps.
    pub fn run(&mut self, map: &Map, sources: &[usize], limit: u16, allow: impl Fn(usize) -> bool) {
        if self.dist.len() != map.len() {
            self.dist = vec![FAR; map.len()];
            self.seen = vec![0; map.len()];
        }
        self.stamp += 1;
        self.queue.clear();
        for &k in sources {
            if self.seen[k] != self.stamp {
                self.seen[k] = self.stamp;
                self.dist[k] = 0;
                self.queue.push(k as u32);
            }
        }
        let mut head = 0;
        while head < self.queue.len() {
            let k = self.queue[head] as usize;
            head += 1;
            let d = self.dist[k];
            if d >= limit {
                continue;
            }
            for s in 0..4 {
                let q = map.next(k, s);
                if map.open[q] && self.seen[q] != self.stamp && allow(q) {
                    self.seen[q] = self.stamp;
                    self.dist[q] = d + 1;
                    self.queue.push(q as u32);
                }
            }
        }
    }

    /// Distance of cell `k` in the last search (`FAR` if not reached).
    pub fn get(&self, k: usize) -> u16 {
        if self.seen.get(k) == Some(&self.stamp) {
            self.dist[k]
        } else {
            FAR
        }
    }
}
