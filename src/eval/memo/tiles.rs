//! Dense tiles of a memo table: each a fixed block of positions (a run of
//! heaps, a square, a cube) allocated once enough of its positions are
//! known. Tiles are found through a directory: an array over a box of tile
//! coordinates from the origin while it stays small next to the tiles (at
//! most 256 entries of 4 bytes a tile of 8 KiB), a hash map for tiles
//! outside the box.

use super::hash::{MixMap, grow_map};
use super::{Args, UNKNOWN};
use crate::eval::budget::Budget;
use crate::eval::error::EvalError;

/// Games of more parameters have no tiles (a tile would hold one position).
const MAX_ARITY: usize = 10;

#[derive(Debug)]
pub struct Tiles {
    arity: usize,
    /// Bits of each argument that index within a tile.
    bits: u32,
    /// The tiles, one after another.
    data: Vec<u64>,
    /// Tiles allocated.
    count: usize,
    /// Tiles in the box: index + 1 (0: none), by coordinates (the first
    /// varies fastest).
    grid: Vec<u32>,
    /// The box's side in tiles, per coordinate.
    sides: [u64; MAX_ARITY],
    /// Tiles not in `line`: tile coordinates -> index.
    dir: MixMap<Args, u32>,
    /// Hashed positions per tile not yet allocated.
    counts: MixMap<Args, u32>,
}

impl Tiles {
    /// Tiles for a game of this many parameters; none for games of no
    /// parameter or of so many that a tile would be a single position.
    pub fn new(arity: usize) -> Option<Tiles> {
        let bits = match arity {
            0 => 0,
            a => (MAX_ARITY / a) as u32,
        };
        (bits > 0).then(|| Tiles {
            arity,
            bits,
            data: Vec::new(),
            count: 0,
            grid: Vec::new(),
            sides: [0; MAX_ARITY],
            dir: MixMap::default(),
            counts: MixMap::default(),
        })
    }

    fn tile_len(&self) -> usize {
        1 << (self.bits as usize * self.arity)
    }

    pub fn bytes(&self) -> u64 {
        (self.data.capacity() as u64 * 8)
            + self.grid.capacity() as u64 * 4
            + super::hash::map_bytes::<Args, u32>(self.dir.capacity())
            + super::hash::map_bytes::<Args, u32>(self.counts.capacity())
    }

    #[inline]
    fn coords(&self, args: &[u64]) -> Args {
        args.iter().map(|&a| a >> self.bits).collect()
    }

    #[inline]
    fn offset(&self, args: &[u64]) -> usize {
        let mask = (1u64 << self.bits) - 1;
        match *args {
            [x] => return (x & mask) as usize,
            [x, y] => return ((x & mask) | (y & mask) << self.bits) as usize,
            _ => {}
        }
        let mut off = 0usize;
        for (i, &a) in args.iter().enumerate() {
            off |= ((a & mask) as usize) << (i * self.bits as usize);
        }
        off
    }

    /// Where the tile of a position sits in the grid, if inside the box.
    #[inline]
    fn cell(&self, args: &[u64]) -> Option<usize> {
        cell_of(
            &self.sides[..self.arity],
            args.iter().map(|&a| a >> self.bits),
        )
    }

    #[inline]
    fn find(&self, args: &[u64]) -> Option<usize> {
        let b = self.bits;
        let cell = match *args {
            [x] => Some(x >> b)
                .filter(|&c| c < self.sides[0])
                .map(|c| c as usize),
            [x, y] => {
                let (c, d) = (x >> b, y >> b);
                (c < self.sides[0] && d < self.sides[1])
                    .then(|| c as usize + d as usize * self.sides[0] as usize)
            }
            _ => self.cell(args),
        };
        if let Some(at) = cell {
            let i = self.grid[at];
            return (i > 0).then(|| i as usize - 1);
        }
        if self.dir.is_empty() {
            return None;
        }
        self.dir.get(&self.coords(args)).map(|&i| i as usize)
    }

    /// The stored word of a position, if its tile is allocated.
    #[inline]
    pub fn get(&self, args: &[u64]) -> Option<u64> {
        let t = self.find(args)?;
        Some(self.data[(t << (self.bits as usize * self.arity)) | self.offset(args)])
    }

    #[inline]
    pub fn slot(&mut self, args: &[u64]) -> Option<&mut u64> {
        let t = self.find(args)?;
        let at = (t << (self.bits as usize * self.arity)) | self.offset(args);
        Some(&mut self.data[at])
    }

    /// True when one more hashed position would make the tile of `args`
    /// dense enough to allocate.
    pub fn wants_tile(&self, args: &[u64]) -> bool {
        let have = self.counts.get(&self.coords(args)).copied().unwrap_or(0) as usize;
        have + 1 >= (self.tile_len() / 8).max(1)
    }

    /// Allocates the tile of `args` (all positions unknown).
    pub fn allocate(
        &mut self,
        args: &[u64],
        budget: &mut Budget,
        what: &str,
    ) -> Result<(), EvalError> {
        let len = self.tile_len();
        if self.count >= u32::MAX as usize - 1 {
            return Err(budget.refuse(len as u64 * 8, what));
        }
        if self.data.capacity() - self.data.len() < len {
            // half again as much: a large table wastes less than doubling
            let cap = self.data.capacity() + (self.data.capacity() / 2).max(len);
            budget.reserve(&mut self.data, cap, what)?;
        }
        self.data.resize(self.data.len() + len, UNKNOWN);
        self.count += 1;
        let index = (self.count - 1) as u32;
        let coords = self.coords(args);
        if let Some(at) = self.cell(args) {
            self.grid[at] = index + 1;
            return Ok(());
        }
        // grow the box to hold the tile if it stays small next to the tiles
        let mut sides = self.sides;
        for (s, &c) in sides.iter_mut().zip(&coords) {
            let want = c
                .saturating_add(1)
                .checked_next_power_of_two()
                .unwrap_or(u64::MAX);
            *s = (*s).max(want);
        }
        let cells = sides[..self.arity]
            .iter()
            .try_fold(1u64, |acc, &s| acc.checked_mul(s));
        if let Some(cells) = cells.filter(|&c| c <= 256 * (self.count as u64 + 1)) {
            self.regrid(sides, cells as usize, budget, what)?;
            let at = self.cell(args).expect("inside the new box");
            self.grid[at] = index + 1;
            return Ok(());
        }
        grow_map(&mut self.dir, budget, what)?;
        self.dir.insert(coords, index);
        Ok(())
    }

    /// Rebuilds the grid over a larger box, moving in the tiles of the old
    /// grid and the hashed tiles that now fit.
    fn regrid(
        &mut self,
        sides: [u64; MAX_ARITY],
        cells: usize,
        budget: &mut Budget,
        what: &str,
    ) -> Result<(), EvalError> {
        let mut grid: Vec<u32> = Vec::new();
        budget.grow(&mut grid, cells, what)?;
        grid.resize(cells, 0);
        let old_sides = std::mem::replace(&mut self.sides, sides);
        let old = std::mem::take(&mut self.grid);
        budget.give(old.capacity() as u64 * 4);
        for (at, &i) in old.iter().enumerate() {
            if i == 0 {
                continue;
            }
            let mut rest = at as u64;
            let coords = old_sides[..self.arity].iter().map(|&s| {
                let c = rest % s;
                rest /= s;
                c
            });
            let to = cell_of(&self.sides[..self.arity], coords).expect("the box only grows");
            grid[to] = i;
        }
        self.grid = grid;
        let fits: Vec<Args> = self
            .dir
            .keys()
            .filter(|c| cell_of(&self.sides[..self.arity], c.iter().copied()).is_some())
            .cloned()
            .collect();
        for c in fits {
            let i = self.dir.remove(&c).expect("listed");
            let at = cell_of(&self.sides[..self.arity], c.iter().copied()).expect("fits");
            self.grid[at] = i + 1;
        }
        Ok(())
    }

    /// Moves the hashed positions of the (just allocated) tile of `args`
    /// into it.
    pub fn adopt(&mut self, args: &[u64], sparse: &mut MixMap<Args, u64>) {
        let coords = self.coords(args);
        self.counts.remove(&coords);
        let base = self.find(args).expect("allocated") * self.tile_len();
        let mask = (1usize << self.bits) - 1;
        let mut key: Args = coords.iter().map(|&c| c << self.bits).collect();
        for off in 0..self.tile_len() {
            for (i, k) in key.iter_mut().enumerate() {
                let low = (off >> (i * self.bits as usize)) & mask;
                *k = (coords[i] << self.bits) | low as u64;
            }
            if let Some(x) = sparse.remove(&key[..]) {
                self.data[base + off] = x;
            }
        }
    }

    /// Counts one more hashed position in the tile of `args`.
    pub fn count(
        &mut self,
        args: &[u64],
        budget: &mut Budget,
        what: &str,
    ) -> Result<(), EvalError> {
        let coords = self.coords(args);
        if let Some(c) = self.counts.get_mut(&coords) {
            *c += 1;
            return Ok(());
        }
        grow_map(&mut self.counts, budget, what)?;
        self.counts.insert(coords, 1);
        Ok(())
    }

    pub fn uncount(&mut self, args: &[u64]) {
        let coords = self.coords(args);
        if let Some(c) = self.counts.get_mut(&coords) {
            *c -= 1;
            if *c == 0 {
                self.counts.remove(&coords);
            }
        }
    }
}

/// Where tile coordinates sit in a grid over a box with these sides.
#[inline]
fn cell_of(sides: &[u64], coords: impl Iterator<Item = u64>) -> Option<usize> {
    let mut at = 0usize;
    let mut stride = 1usize;
    for (c, &side) in coords.zip(sides) {
        if c >= side {
            return None;
        }
        at += c as usize * stride;
        stride *= side as usize;
    }
    Some(at)
}
