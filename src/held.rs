//! In the unit tests, the bytes each thread holds are counted, so that a
//! test can check the most that one computation held against the memory
//! limit it was given (an allocation freed by another thread than the one
//! that made it is not followed; the computations measured make no
//! threads).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    static HELD: Cell<u64> = const { Cell::new(0) };
    static PEAK: Cell<u64> = const { Cell::new(0) };
}

struct Counting;

#[global_allocator]
static COUNTING: Counting = Counting;

fn add(bytes: usize) {
    let _ = HELD.try_with(|h| {
        let v = h.get().saturating_add(bytes as u64);
        h.set(v);
        let _ = PEAK.try_with(|p| p.set(p.get().max(v)));
    });
}

fn sub(bytes: usize) {
    let _ = HELD.try_with(|h| h.set(h.get().saturating_sub(bytes as u64)));
}

// SAFETY: every call goes to the system allocator with its arguments
// unchanged; the counts beside it neither allocate nor panic.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            add(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            add(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        sub(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            sub(layout.size());
            add(new_size);
        }
        p
    }
}

/// Runs `f` on this thread and returns its result with the most bytes it
/// held at once beyond what the thread held when it started.
pub fn peak<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let start = HELD.with(Cell::get);
    PEAK.with(|p| p.set(start));
    let out = f();
    let most = PEAK.with(Cell::get);
    (out, most.saturating_sub(start))
}

#[test]
fn a_vector_is_counted_while_it_is_held() {
    let ((), most) = peak(|| {
        let v = vec![1u8; 1 << 20];
        std::hint::black_box(&v);
    });
    assert!((1 << 20..2 << 20).contains(&most), "{most}");
    let ((), most) = peak(|| {});
    assert_eq!(most, 0);
}

