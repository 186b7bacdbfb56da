//! Writing results to standard output, and what happens when that fails.
//! A reader that went away (`mex ... | head -1`: a broken pipe) ends the
//! run quietly, as Unix tools do; any other failure (a full disk,
//! `> /dev/full`) is an error: a message on standard error and exit
//! status 2. Either way nothing more is written and the run stops.

use std::cell::RefCell;
use std::io::{self, ErrorKind, Write};

#[derive(Default)]
pub struct Written {
    /// The first write that failed.
    failure: RefCell<Option<io::Error>>,
}

impl Written {
    /// Writes to standard output (and flushes); returns false if this or
    /// an earlier write failed, in which case nothing was written.
    pub fn put(&self, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> bool {
        if self.failed() {
            return false;
        }
        let mut out = io::stdout().lock();
        let result = write(&mut out).and_then(|()| out.flush());
        match result {
            Ok(()) => true,
            Err(e) => {
                *self.failure.borrow_mut() = Some(e);
                false
            }
        }
    }

    pub fn failed(&self) -> bool {
        self.failure.borrow().is_some()
    }

    /// After a failed write: the exit status to end with (`status`, that of
    /// what ran before, for a closed pipe; 2 otherwise) and the message to
    /// say, if any. `None` while every write succeeded.
    pub fn verdict(&self, status: i32) -> Option<(u8, Option<String>)> {
        let failure = self.failure.borrow();
        let e = failure.as_ref()?;
        Some(match e.kind() {
            ErrorKind::BrokenPipe => (status.clamp(0, 2) as u8, None),
            _ => (2, Some(format!("mex: cannot write the results: {e}"))),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_quiet_and_keeps_the_status() {
        let w = Written::default();
        assert_eq!(w.verdict(1), None);
        *w.failure.borrow_mut() = Some(io::Error::from(ErrorKind::BrokenPipe));
        assert_eq!(w.verdict(1), Some((1, None)));
        assert!(!w.put(|_| Ok(())));
    }

    #[test]
    fn a_full_disk_is_an_error() {
        let w = Written::default();
        *w.failure.borrow_mut() = Some(io::Error::from(ErrorKind::StorageFull));
        let (code, message) = w.verdict(0).expect("a failure");
        assert_eq!(code, 2);
        assert!(message.is_some_and(|m| m.contains("cannot write the results")));
    }
}
