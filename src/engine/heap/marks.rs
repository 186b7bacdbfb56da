//! Sets of option values being marked, with their mex.

/// A set of option values being marked, with its mex.
pub(super) trait Marks {
    fn set(&mut self, x: usize);
    /// The smallest unmarked value `>= from` (the capacity if all are marked).
    fn mex_from(&self, from: usize) -> usize;
}

/// Marks in a slice of words.
pub(super) struct Bits<'a>(pub(super) &'a mut [u64]);

impl Marks for Bits<'_> {
    #[inline(always)]
    fn set(&mut self, x: usize) {
        if let Some(w) = self.0.get_mut(x >> 6) {
            *w |= 1u64 << (x & 63);
        }
    }
    fn mex_from(&self, from: usize) -> usize {
        let mut i = from >> 6;
        if i >= self.0.len() {
            return self.0.len() * 64;
        }
        let free = !self.0[i] >> (from & 63);
        if free != 0 {
            return from + free.trailing_zeros() as usize;
        }
        i += 1;
        while i < self.0.len() {
            let free = !self.0[i];
            if free != 0 {
                return i * 64 + free.trailing_zeros() as usize;
            }
            i += 1;
        }
        self.0.len() * 64
    }
}

/// Marks as one byte per value: setting one is a plain store, with no
/// dependence on the marks set before it (a bit set would read, modify and
/// write the same word again and again).
pub(super) struct Bytes<'a>(pub(super) &'a mut [u8]);

impl Marks for Bytes<'_> {
    #[inline(always)]
    fn set(&mut self, x: usize) {
        if let Some(b) = self.0.get_mut(x) {
            *b = 1;
        }
    }
    fn mex_from(&self, from: usize) -> usize {
        match self
            .0
            .get(from..)
            .and_then(|rest| rest.iter().position(|&b| b == 0))
        {
            Some(i) => from + i,
            None => self.0.len(),
        }
    }
}

/// Moves every bit at position b of `w` to position b ^ x (x < 64).
#[inline]
pub(super) fn xor_permute(mut w: u64, x: usize) -> u64 {
    const MASKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    for (i, &m) in MASKS.iter().enumerate() {
        if (x >> i) & 1 != 0 {
            let s = 1u32 << i;
            w = ((w & m) << s) | ((w >> s) & m);
        }
    }
    w
}
