//! While an input runs, the terminal does not echo keys: text typed ahead
//! waits for the next prompt (where the line editor shows it) instead of
//! landing in the middle of answers or the progress bar, and Ctrl-C leaves
//! no `^C` behind. The terminal's own settings come back when the input
//! ends, when a second Ctrl-C ends the process, and on a panic.

/// Keys are not echoed while this lives.
pub struct Hush(());

impl Hush {
    pub fn new() -> Self {
        imp::hush();
        Hush(())
    }
}

impl Drop for Hush {
    fn drop(&mut self) {
        imp::restore();
    }
}

/// Puts the terminal's settings back if they were changed.
pub fn restore() {
    imp::restore();
}

#[cfg(unix)]
mod imp {
    use nix::sys::termios::{LocalFlags, SetArg, Termios, tcgetattr, tcsetattr};
    use std::io::IsTerminal;
    use std::sync::Mutex;

    static SAVED: Mutex<Option<Termios>> = Mutex::new(None);

    pub fn hush() {
        let stdin = std::io::stdin();
        if !stdin.is_terminal() {
            return;
        }
        let Ok(mut saved) = SAVED.lock() else { return };
        if saved.is_some() {
            return;
        }
        if let Ok(t) = tcgetattr(&stdin) {
            let mut quiet = t.clone();
            quiet
                .local_flags
                .remove(LocalFlags::ECHO | LocalFlags::ECHOCTL);
            if tcsetattr(&stdin, SetArg::TCSANOW, &quiet).is_ok() {
                *saved = Some(t);
            }
        }
    }

    pub fn restore() {
        let Ok(mut saved) = SAVED.lock() else { return };
        if let Some(t) = saved.take() {
            let _ = tcsetattr(std::io::stdin(), SetArg::TCSANOW, &t);
        }
    }
}

#[cfg(not(unix))]
mod imp {
    pub fn hush() {}
    pub fn restore() {}
}
