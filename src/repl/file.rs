//! Reading a spec file (`mex FILE`, `:load FILE`, standard input) without
//! trusting it to be one: a directory or a device (`/dev/zero`, which never
//! ends) is refused before anything is read, and no source past
//! [`MAX_SOURCE`] bytes is read whole, whatever its size claims to be.

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// The largest source read: far more than any spec file, little memory.
pub const MAX_SOURCE: u64 = 64 * 1024 * 1024;

/// The text of a spec file, or why it cannot be read (to follow
/// `cannot read FILE: `). Regular files are read, and pipes (`mex <(...)`);
/// anything else is refused.
pub fn read_source(path: &Path) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    let kind = meta.file_type();
    if kind.is_dir() {
        return Err("it is a directory, not a spec file".into());
    }
    if !kind.is_file() && !is_pipe(&kind) {
        return Err("it is not a regular file (a device or a socket, say)".into());
    }
    if meta.len() > MAX_SOURCE {
        return Err(too_large());
    }
    let file = File::open(path).map_err(|e| e.to_string())?;
    read_bounded(file)
}

/// Reads a source from a reader, refusing one past [`MAX_SOURCE`] bytes.
pub fn read_bounded(reader: impl Read) -> Result<String, String> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_SOURCE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_SOURCE {
        return Err(too_large());
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn too_large() -> String {
    format!(
        "it is larger than {} MiB, more than a spec file can be",
        MAX_SOURCE >> 20
    )
}

#[cfg(unix)]
fn is_pipe(kind: &std::fs::FileType) -> bool {
    use std::os::unix::fs::FileTypeExt;
    kind.is_fifo()
}

#[cfg(not(unix))]
fn is_pipe(_: &std::fs::FileType) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reader_past_the_limit_is_refused_after_the_limit() {
        let endless = std::io::repeat(b'#');
        let e = read_bounded(endless).expect_err("too large");
        assert!(e.contains("64 MiB"), "{e}");
        assert_eq!(
            read_bounded(&b"grundy *1\n"[..]).as_deref(),
            Ok("grundy *1\n")
        );
    }

    #[cfg(unix)]
    #[test]
    fn devices_and_directories_are_refused_before_reading() {
        let e = read_source(Path::new("/dev/zero")).expect_err("a device");
        assert!(e.contains("not a regular file"), "{e}");
        let e = read_source(Path::new("/")).expect_err("a directory");
        assert!(e.contains("directory"), "{e}");
    }
}
