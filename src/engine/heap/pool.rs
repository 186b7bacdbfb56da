//! The threads the take-and-break engines share work on: one pool for the
//! process for each number of threads asked for, made when first wanted,
//! so that many tables (a survey, a file of games) do not each hold threads
//! of their own, and a segment of heaps starts its threads by waking them,
//! not by making them. Without the `threads` feature (the browser) there is
//! none, and the engines use what the standard library gives, or one
//! thread.

/// The pool of `threads` threads, or none when it cannot be made.
#[cfg(feature = "threads")]
pub(super) fn pool(threads: usize) -> Option<std::sync::Arc<rayon::ThreadPool>> {
    use std::sync::{Arc, Mutex, OnceLock};
    static POOLS: OnceLock<Mutex<Vec<Arc<rayon::ThreadPool>>>> = OnceLock::new();
    let mut pools = POOLS.get_or_init(Default::default).lock().ok()?;
    if let Some(p) = pools.iter().find(|p| p.current_num_threads() == threads) {
        return Some(Arc::clone(p));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .ok()
        .map(Arc::new)?;
    pools.push(Arc::clone(&pool));
    Some(pool)
}
