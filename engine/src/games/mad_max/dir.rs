//! The kit's nine directions: eight counter-clockwise from Bottom, then `None` (stay).

use crate::grid::Pos;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Dir {
    Bottom = 0,
    BR = 1,
    Right = 2,
    RT = 3,
    Top = 4,
    TL = 5,
    Left = 6,
    LB = 7,
    None = 8,
}

impl Dir {
    /// All nine, in kit order.
    pub const ALL: [Dir; 9] =
        [Dir::Bottom, Dir::BR, Dir::Right, Dir::RT, Dir::Top, Dir::TL, Dir::Left, Dir::LB, Dir::None];
    /// The eight moves, in kit order.
    pub const MOVES: [Dir; 8] = [Dir::Bottom, Dir::BR, Dir::Right, Dir::RT, Dir::Top, Dir::TL, Dir::Left, Dir::LB];

    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Bottom => (1, 0),
            Dir::BR => (1, 1),
            Dir::Right => (0, 1),
            Dir::RT => (-1, 1),
            Dir::Top => (-1, 0),
            Dir::TL => (-1, -1),
            Dir::Left => (0, -1),
            Dir::LB => (1, -1),
            Dir::None => (0, 0),
        }
    }

    pub fn code(self) -> u8 {
        self as u8
    }

    pub fn from_code(code: u8) -> Option<Dir> {
        Dir::ALL.get(code as usize).copied()
    }

    /// The opposite move (`(d + 4) % 8` in the kit); `None` stays `None`.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::None => Dir::None,
            d => Dir::MOVES[(d as usize + 4) % 8],
        }
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
        assert_eq!(Dir::RT.delta(), (-1, 1));
        assert_eq!(Dir::LB.delta(), (1, -1));
        assert_eq!(Dir::None.code(), 8);
        for d in Dir::ALL {
            assert_eq!(Dir::from_code(d.code()), Some(d));
            let (a, b) = (d.delta(), d.opposite().delta());
            assert_eq!((a.0 + b.0, a.1 + b.1), (0, 0));
        }
        assert_eq!(Dir::from_code(9), None);
        assert_eq!(Dir::Bottom.opposite(), Dir::Top);
    }
}
