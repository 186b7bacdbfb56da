//! Storage of a table's values in the narrowest unsigned type that holds
//! them all (u8 first, widened to u16, u32, u64 when a value needs it).

use std::ops::BitXor;

/// An unsigned type that values are stored in.
pub(crate) trait Cell:
    Copy + Eq + Default + Into<u64> + BitXor<Output = Self> + Send + Sync + 'static
{
    const MAX: u64;
    /// `v` must be at most `MAX`.
    fn from_u64(v: u64) -> Self;
    #[inline(always)]
    fn idx(self) -> usize {
        let v: u64 = self.into();
        v as usize
    }
}

macro_rules! cell {
    ($($t:ty),*) => {$(
        impl Cell for $t {
            const MAX: u64 = <$t>::MAX as u64;
            #[inline(always)]
            fn from_u64(v: u64) -> Self {
                v as $t
            }
        }
    )*};
}
cell!(u8, u16, u32, u64);

#[derive(Debug, Clone)]
pub(crate) enum Values {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
    U64(Vec<u64>),
}

/// A borrowed view of the stored values, in their storage type.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Slice<'a> {
    U8(&'a [u8]),
    U16(&'a [u16]),
    U32(&'a [u32]),
    U64(&'a [u64]),
}

/// Runs `$body` with `$v` bound to the stored values (`&Vec<T>` or `&mut
/// Vec<T>` as `$values` is borrowed), in their storage type.
macro_rules! with_vals {
    ($values:expr, |$v:ident| $body:expr) => {
        match $values {
            Values::U8($v) => $body,
            Values::U16($v) => $body,
            Values::U32($v) => $body,
            Values::U64($v) => $body,
        }
    };
}
pub(crate) use with_vals;

impl Values {
    pub(crate) fn len(&self) -> usize {
        with_vals!(self, |v| v.len())
    }

    pub(crate) fn get(&self, i: usize) -> Option<u64> {
        with_vals!(self, |v| v.get(i).copied().map(wide))
    }

    pub(crate) fn slice(&self) -> Slice<'_> {
        match self {
            Values::U8(v) => Slice::U8(v),
            Values::U16(v) => Slice::U16(v),
            Values::U32(v) => Slice::U32(v),
            Values::U64(v) => Slice::U64(v),
        }
    }

    pub(crate) fn try_reserve_total(&mut self, total: usize) -> Result<(), ()> {
        fn go<T>(v: &mut Vec<T>, total: usize) -> Result<(), ()> {
            let more = total.saturating_sub(v.len());
            v.try_reserve_exact(more).map_err(|_| ())
        }
        with_vals!(self, |v| go(v, total))
    }

    /// The largest value the storage type holds.
    pub(crate) fn max(&self) -> u64 {
        match self {
            Values::U8(_) => u8::MAX.into(),
            Values::U16(_) => u16::MAX.into(),
            Values::U32(_) => u32::MAX.into(),
            Values::U64(_) => u64::MAX,
        }
    }

    pub(crate) fn bytes_per_value(&self) -> u64 {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
            Values::U64(_) => 8,
        }
    }

    /// The same values in a type that holds `value`, with room for
    /// `capacity` of them.
    pub(crate) fn widened(&self, value: u64, capacity: usize) -> Result<Values, ()> {
        fn convert<A: Cell, B: Cell>(a: &[A], capacity: usize) -> Result<Vec<B>, ()> {
            let mut b: Vec<B> = Vec::new();
            b.try_reserve_exact(capacity.max(a.len())).map_err(|_| ())?;
            b.extend(a.iter().map(|&x| B::from_u64(x.into())));
            Ok(b)
        }
        Ok(if value <= u16::MAX as u64 {
            Values::U16(with_vals!(self, |a| convert(a, capacity)?))
        } else if value <= u32::MAX as u64 {
            Values::U32(with_vals!(self, |a| convert(a, capacity)?))
        } else {
            Values::U64(with_vals!(self, |a| convert(a, capacity)?))
        })
    }
}

/// A stored value as a `u64`.
#[inline(always)]
pub(crate) fn wide<T: Cell>(x: T) -> u64 {
    x.into()
}

/// Bytes per value of the narrowest type that holds `max`.
pub(crate) fn bytes_for(max: u64) -> u64 {
    if max <= u8::MAX as u64 {
        1
    } else if max <= u16::MAX as u64 {
        2
    } else if max <= u32::MAX as u64 {
        4
    } else {
        8
    }
}
