//! The kit's eight directions, counter-clockwise from Down: alive units use the four straight
//! ones, zombies all eight.

use crate::grid::Pos;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Dir {
    Down = 0,
    DR = 1,
    Right = 2,
    RU = 3,
    Up = 4,
    UL = 5,
    Left = 6,
    LD = 7,
}

impl Dir {
    /// All eight, in kit order.
    pub const ALL: [Dir; 8] = [Dir::Down, Dir::DR, Dir::Right, Dir::RU, Dir::Up, Dir::UL, Dir::Left, Dir::LD];
    /// The four an alive unit may take, in kit order.
    pub const STRAIGHT: [Dir; 4] = [Dir::Down, Dir::Right, Dir::Up, Dir::Left];

    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Down => (1, 0),
            Dir::DR => (1, 1),
            Dir::Right => (0, 1),
            Dir::RU => (-1, 1),
            Dir::Up => (-1, 0),
            Dir::UL => (-1, -1),
            Dir::Left => (0, -1),
            Dir::LD => (1, -1),
        }
    }

    pub fn is_straight(self) -> bool {
        (self as u8).is_multiple_of(2)
    }

    pub fn code(self) -> u8 {
        self as u8
    }

    pub fn from_code(code: u8) -> Option<Dir> {
        Dir::ALL.get(code as usize).copied()
    }

    /// The opposite direction (`(d + 4) % 8` in the kit).
    pub fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 4) % 8]
    }

    /// The neighbour of `p` in this direction.
    pub fn from(self, p: Pos) -> Pos {
        let (di, dj) = self.delta();
        Pos::new(p.i + di, p.j + dj)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kit_order_and_opposites() {
        assert_eq!(Dir::RU.delta(), (-1, 1));
        assert_eq!(Dir::LD.delta(), (1, -1));
        for d in Dir::ALL {
            assert_eq!(Dir::from_code(d.code()), Some(d));
            let (a, b) = (d.delta(), d.opposite().delta());
            assert_eq!((a.0 + b.0, a.1 + b.1), (0, 0));
        }
        assert_eq!(Dir::from_code(8), None);
        assert_eq!(Dir::STRAIGHT.iter().filter(|d| d.is_straight()).count(), 4);
        assert!(!Dir::UL.is_straight());
    }
}
