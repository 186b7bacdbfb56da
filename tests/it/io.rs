//! Where input comes from and where results go, when that goes wrong:
//! results that cannot be written, a reader that goes away, and files that
//! are not spec files (a device, a directory, one too large).

use crate::common::mex_cmd;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[cfg(target_os = "linux")]
#[test]
fn results_that_cannot_be_written_are_an_error() {
    for src in [
        "game k = octal 0.77; sequence k 0..1000000",
        "grundy nim(3)",
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let o = Command::new(env!("CARGO_BIN_EXE_mex"))
            .args(["-e", src])
            .env("NO_COLOR", "1")
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .expect("mex runs");
        assert_eq!(o.status.code(), Some(2), "{src}");
        let err = text(&o.stderr);
        assert!(err.contains("cannot write the results"), "{src}: {err}");
        assert_eq!(err.lines().count(), 1, "one message: {err}");
    }
}

#[test]
fn a_reader_that_goes_away_ends_the_run_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mex"))
        .args([
            "-e",
            "set output 1000000000000; game k = octal 0.77; sequence k 0..1000000000000; grundy nim(1)",
        ])
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mex starts");
    let mut out = child.stdout.take().expect("stdout");
    let mut head = [0u8; 10];
    out.read_exact(&mut head).expect("the first values");
    assert_eq!(&head, b"0 1 2 3 1 ");
    drop(out);
    // 10^12 values would take hours to write: ending at all shows that the
    // closed pipe stopped it (the guard kills a hang after ten minutes)
    let closed = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if closed.elapsed() > Duration::from_secs(600) {
            let _ = child.kill();
            panic!("still writing ten minutes after the reader went away");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let o = child.wait_with_output().expect("mex ends");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(text(&o.stderr), "");
}

#[cfg(unix)]
#[test]
fn only_spec_files_are_read_and_never_without_bound() {
    // `:load` of a device that never ends, and of a directory
    for (input, why) in [
        (":load /dev/zero\ngrundy nim(1)\n", "not a regular file"),
        (":load /\n", "directory"),
    ] {
        let o = mex_cmd(&[], input.as_bytes());
        assert_eq!(o.status.code(), Some(2), "{input}");
        let err = text(&o.stderr);
        assert!(err.contains("cannot read") && err.contains(why), "{err}");
    }
    // the same on the command line
    let o = mex_cmd(&["/dev/zero"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("not a regular file"));
    // a file past the size limit is refused before it is read
    let dir = tempfile::Builder::new()
        .prefix("mex-io-")
        .tempdir()
        .unwrap();
    let big = dir.path().join("big.mex");
    let file = std::fs::File::create(&big).unwrap();
    file.set_len(65 << 20).unwrap();
    let big = big.display().to_string();
    for o in [
        mex_cmd(&[big.as_str()], b""),
        mex_cmd(&[], format!(":load {big}\n").as_bytes()),
    ] {
        assert_eq!(o.status.code(), Some(2));
        assert!(
            text(&o.stderr).contains("larger than 64 MiB"),
            "{}",
            text(&o.stderr)
        );
    }
    // standard input is read up to the limit, no further
    let o = mex_cmd(&[], &vec![b'\n'; (64 << 20) + 10]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("larger than 64 MiB"));
}
