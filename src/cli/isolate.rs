//! Untrusted files run in a process of their own: `mex grade` runs each
//! student, and `mex --sandbox` its files, in a child process (this same
//! binary, started with a hidden first argument) that
//!
//! - is handed everything it needs on its standard input (the texts, read
//!   by the parent: the child opens no file) and answers on its standard
//!   output and error, which are pipes to the parent;
//! - may not make its address space larger than the memory cap
//!   (`RLIMIT_AS`), write any file (`RLIMIT_FSIZE` 0) or leave a core
//!   dump (`RLIMIT_CORE` 0); it starts with no environment, in `/`, and
//!   dies with the thread that started it;
//! - is killed [`GRACE`] past its time if it has not ended by then (its
//!   own watch stops its work at the time, and most work ends there).
//!
//! How it ended says why: killed by the parent, the time limit; killed by
//! the system, or an allocation refused, the memory limit.
//!
//! Files are read here only if they are regular files ([`read_regular`]):
//! never through a symbolic link, never a FIFO or a device.

use mex::grade::Limit;
use mex::repl::file::MAX_SOURCE;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long past its time a child may take to report before it is killed.
pub const GRACE: Duration = Duration::from_millis(500);

/// The stack the child's main thread may grow to (what the threads of
/// `main.rs` are given).
pub const STACK: u64 = 512 * 1024 * 1024;

/// The hidden first argument of a child that grades one student.
pub const GRADE_CHILD: &str = "--grade-child";
/// The hidden first argument of a child that runs `mex --sandbox`'s files.
pub const SANDBOX_CHILD: &str = "--sandbox-child";

/// The caps of a child.
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    pub time: Duration,
    /// In MiB.
    pub memory: u64,
}

/// How a child ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    /// It exited, with this status.
    Exited(i32),
    /// A limit ended it.
    Limit(Limit),
    /// It could not be started, or ended some other way.
    Failed(String),
}

/// A number of seconds for `--time`: finite and above 0 (at most a day is
/// kept).
pub fn seconds(s: &str) -> Result<f64, String> {
    let t: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if !t.is_finite() || t <= 0.0 {
        return Err(format!(
            "the time is a number of seconds above 0, not `{s}`"
        ));
    }
    Ok(t.min(86_400.0))
}

/// Runs this binary as a child with `mode` as its first argument, `input`
/// on its standard input, under `caps`. What it writes on its standard
/// output goes to `out`, on its standard error to `err`, as it comes.
pub fn run(
    mode: &str,
    input: Vec<u8>,
    caps: Caps,
    out: &mut (dyn FnMut(&[u8]) + Send),
    err: &mut (dyn FnMut(&[u8]) + Send),
) -> Ended {
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => return Ended::Failed(format!("cannot find the mex program: {e}")),
    };
    let mut cmd = Command::new(exe);
    cmd.arg(mode)
        .env_clear()
        .current_dir("/")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Ok(every) = std::env::var("MEX_PROGRESS_EVERY") {
        cmd.env("MEX_PROGRESS_EVERY", every);
    }
    capped(&mut cmd, caps.memory);
    let started = Instant::now();
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return Ended::Failed(format!("cannot start a process to run the file: {e}")),
    };
    let (Some(mut stdin), Some(mut stdout), Some(mut stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        let _ = child.kill();
        let _ = child.wait();
        return Ended::Failed("the process's pipes were not made".into());
    };
    let child = Mutex::new(child);
    let deadline = started + caps.time + GRACE;
    let (done, stop) = std::sync::mpsc::channel::<()>();
    let mut tail = Vec::new();
    let (killed, status) = std::thread::scope(|s| {
        s.spawn(move || {
            // a child that ends before it has read it all: no matter
            let _ = stdin.write_all(&input);
        });
        let held = &child;
        let watchdog = s.spawn(move || {
            let left = deadline.saturating_duration_since(Instant::now());
            match stop.recv_timeout(left) {
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    // std sends no signal to a child already waited for
                    let _ = held.lock().map(|mut c| c.kill());
                    true
                }
                _ => false,
            }
        });
        let tail = &mut tail;
        let errors = s.spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = stderr.read(&mut buf) {
                if n == 0 {
                    break;
                }
                err(&buf[..n]);
                tail.extend_from_slice(&buf[..n]);
                if tail.len() > 8192 {
                    tail.drain(..tail.len() - 4096);
                }
            }
        });
        let mut buf = [0u8; 65536];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            out(&buf[..n]);
        }
        let _ = errors.join();
        // Both pipes closed: the child has ended, or is about to. The
        // watchdog may still kill it meanwhile, so the lock is not held
        // while waiting.
        let status = loop {
            match child.lock().map(|mut c| c.try_wait()) {
                Ok(Ok(Some(status))) => break Ok(status),
                Ok(Ok(None)) => {}
                Ok(Err(e)) => break Err(e.to_string()),
                Err(_) => break Err("a lock was poisoned".to_string()),
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        drop(done);
        (watchdog.join().unwrap_or(false), status)
    });
    let status = match status {
        Ok(s) => s,
        Err(e) => return Ended::Failed(format!("the process's end was not seen: {e}")),
    };
    ended(status, killed, &String::from_utf8_lossy(&tail))
}

/// Why a child ended, from its exit status, whether the parent killed it
/// and the end of what it wrote on standard error.
#[cfg(unix)]
fn ended(status: std::process::ExitStatus, killed: bool, stderr: &str) -> Ended {
    use std::os::unix::process::ExitStatusExt;
    if let Some(code) = status.code() {
        return Ended::Exited(code);
    }
    let signal = status.signal().unwrap_or(0);
    match signal {
        // killed by the parent at its time; by the system, for memory
        9 if killed => Ended::Limit(Limit::Time),
        9 => Ended::Limit(Limit::Memory),
        // an allocation refused, or a stack that could not grow, under
        // the cap on the address space
        6 if stderr.contains("memory allocation of") => Ended::Limit(Limit::Memory),
        11 | 7 => Ended::Limit(Limit::Memory),
        _ => Ended::Failed(format!(
            "the process running the file ended on signal {signal} (please report it)"
        )),
    }
}

#[cfg(not(unix))]
fn ended(status: std::process::ExitStatus, killed: bool, _stderr: &str) -> Ended {
    match status.code() {
        _ if killed => Ended::Limit(Limit::Time),
        Some(code) => Ended::Exited(code),
        None => Ended::Failed("the process running the file ended abnormally".into()),
    }
}

/// The caps set on the child between fork and exec: the address space
/// (`memory` MiB), no file written, no core dump, the stack `main.rs`
/// would give, and death with the thread that started it.
#[cfg(unix)]
pub fn capped(cmd: &mut Command, memory: u64) {
    use nix::sys::resource::{RLIM_INFINITY, Resource, getrlimit, setrlimit};
    use std::os::unix::process::CommandExt;
    let within = |r: Resource, want: u64| match getrlimit(r) {
        Ok((_, hard)) if hard != RLIM_INFINITY => want.min(hard),
        _ => want,
    };
    let space = within(Resource::RLIMIT_AS, memory.saturating_mul(1 << 20));
    let stack = within(Resource::RLIMIT_STACK, STACK);
    let hook = move || -> std::io::Result<()> {
        // only system calls here: this runs in the forked child
        setrlimit(Resource::RLIMIT_AS, space, space)?;
        setrlimit(Resource::RLIMIT_STACK, stack, stack)?;
        setrlimit(Resource::RLIMIT_FSIZE, 0, 0)?;
        setrlimit(Resource::RLIMIT_CORE, 0, 0)?;
        #[cfg(target_os = "linux")]
        nix::sys::prctl::set_pdeathsig(nix::sys::signal::Signal::SIGKILL)?;
        Ok(())
    };
    // SAFETY: the hook makes system calls only (no allocation, no lock).
    unsafe {
        cmd.pre_exec(hook);
    }
}

#[cfg(not(unix))]
pub fn capped(_cmd: &mut Command, _memory: u64) {}

/// The text of a regular file, or why it is not read (to follow `cannot
/// read FILE: `). It is opened without following a symbolic link and
/// without blocking, and read only if it then is a regular file, at most
/// [`MAX_SOURCE`] bytes: a link, a FIFO, a device or a folder is refused
/// unread.
#[cfg(unix)]
pub fn read_regular(path: &Path) -> Result<String, String> {
    use nix::errno::Errno;
    use nix::fcntl::{OFlag, open};
    use nix::sys::stat::{Mode, SFlag, fstat};
    let flags = OFlag::O_RDONLY | OFlag::O_NOFOLLOW | OFlag::O_NONBLOCK | OFlag::O_CLOEXEC;
    let fd = match open(path, flags, Mode::empty()) {
        Ok(fd) => fd,
        Err(Errno::ELOOP) => {
            return Err("it is a symbolic link: only a regular file is read".into());
        }
        Err(e) => return Err(std::io::Error::from(e).to_string()),
    };
    let stat = fstat(&fd).map_err(|e| std::io::Error::from(e).to_string())?;
    let kind = SFlag::from_bits_truncate(stat.st_mode) & SFlag::S_IFMT;
    if kind != SFlag::S_IFREG {
        let what = match kind {
            SFlag::S_IFDIR => "a directory",
            SFlag::S_IFIFO => "a FIFO",
            SFlag::S_IFCHR | SFlag::S_IFBLK => "a device",
            SFlag::S_IFSOCK => "a socket",
            _ => "something else",
        };
        return Err(format!(
            "it is not a regular file ({what}): only a regular file is read"
        ));
    }
    if stat.st_size as u64 > MAX_SOURCE {
        return Err(format!(
            "it is larger than {} MiB, more than a spec file can be",
            MAX_SOURCE >> 20
        ));
    }
    mex::repl::file::read_bounded(std::fs::File::from(fd))
}

#[cfg(not(unix))]
pub fn read_regular(path: &Path) -> Result<String, String> {
    let meta = std::fs::symlink_metadata(path).map_err(|e| e.to_string())?;
    if meta.file_type().is_symlink() {
        return Err("it is a symbolic link: only a regular file is read".into());
    }
    if !meta.is_file() {
        return Err("it is not a regular file: only a regular file is read".into());
    }
    mex::repl::file::read_source(path)
}

/// Text relayed from a child to a terminal or a file: control characters
/// shown escaped ([`mex::grade::clean::text`]), a character cut between
/// two reads kept for the next.
#[derive(Default)]
pub struct Relay {
    carry: Vec<u8>,
}

impl Relay {
    /// The text of `bytes` (after what was carried), escaped.
    pub fn take(&mut self, bytes: &[u8]) -> String {
        self.carry.extend_from_slice(bytes);
        let cut = match std::str::from_utf8(&self.carry) {
            Ok(_) => self.carry.len(),
            // an incomplete character at the end waits for the rest
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            Err(_) => self.carry.len(),
        };
        let rest = self.carry.split_off(cut);
        let text = String::from_utf8_lossy(&self.carry).into_owned();
        self.carry = rest;
        mex::grade::clean::text(&text).into_owned()
    }

    /// What is left (an incomplete character, shown as such).
    pub fn finish(&mut self) -> String {
        let text = String::from_utf8_lossy(&self.carry).into_owned();
        self.carry.clear();
        mex::grade::clean::text(&text).into_owned()
    }
}

/// Reads a child's request from standard input: JSON, at most three
/// sources' worth.
pub fn request<T: serde::de::DeserializeOwned>() -> Option<T> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(4 * MAX_SOURCE)
        .read_to_end(&mut bytes)
        .ok()?;
    serde_json::from_slice(&bytes).ok()
}
