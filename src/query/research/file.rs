//! The values file of a research run: a header of [`HEADER`] bytes, then
//! the values G(a), G(a + 1), ..., each in `width` bytes, little-endian
//! like every integer of the header (the layout is in the parent module's
//! documentation and in docs/language.md, "Research runs").
//!
//! Crash safety: values are appended and synced before the header's count
//! says they are there, so the count is always a checkpoint of values
//! complete on disk; bytes past it are ignored, and dropped when the run
//! goes on. A new file, and a file rewritten with wider values, is written
//! whole under a temporary name in the same folder and renamed into place.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The first bytes of every values file.
pub const MAGIC: &[u8; 8] = b"MEXVALS1";
/// The length of the header, where the values start.
pub const HEADER: u64 = 4096;
/// Where the count of values complete (then the count asked for) is kept.
const AT_COUNT: u64 = 24;
/// Where the rule's text starts (after its length).
const AT_RULE: usize = 44;
/// The longest rule text the header holds.
pub const MAX_RULE: usize = HEADER as usize - AT_RULE;
/// Values read or written at once.
const PIECE: usize = 1 << 16;

/// What the header of a values file says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// Bytes per value: 1, 2, 4 or 8.
    pub width: u32,
    /// The first heap, a.
    pub first: u64,
    /// Values complete: the checkpoint.
    pub count: u64,
    /// Values asked for (the length of the range of the run that wrote
    /// the header last).
    pub asked: u64,
    /// The rule, as mex writes it (`octal 0.6`).
    pub rule: String,
}

/// Why an existing file cannot be resumed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unreadable {
    /// It does not start as a values file does.
    NotValues,
    /// It starts as one, but its header does not hold together.
    Damaged(String),
}

impl Header {
    /// The header's bytes, [`HEADER`] of them.
    pub fn encode(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(HEADER as usize);
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&(HEADER as u32).to_le_bytes());
        b.extend_from_slice(&self.width.to_le_bytes());
        b.extend_from_slice(&self.first.to_le_bytes());
        b.extend_from_slice(&self.count.to_le_bytes());
        b.extend_from_slice(&self.asked.to_le_bytes());
        let rule = self.rule.as_bytes();
        debug_assert!(rule.len() <= MAX_RULE);
        let rule = &rule[..rule.len().min(MAX_RULE)];
        b.extend_from_slice(&(rule.len() as u32).to_le_bytes());
        b.extend_from_slice(rule);
        b.resize(HEADER as usize, 0);
        b
    }

    /// Reads a header from the first bytes of a file (`len` bytes long).
    pub fn decode(bytes: &[u8], len: u64) -> Result<Header, Unreadable> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(Unreadable::NotValues);
        }
        let damaged = |why: &str| Unreadable::Damaged(why.to_string());
        if bytes.len() < HEADER as usize {
            return Err(damaged("the header is cut short"));
        }
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap_or([0; 4]));
        let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap_or([0; 8]));
        if u64::from(u32_at(8)) != HEADER {
            return Err(damaged("its header length is not 4096"));
        }
        let width = u32_at(12);
        if ![1, 2, 4, 8].contains(&width) {
            return Err(damaged("its bytes per value are not 1, 2, 4 or 8"));
        }
        let (first, count, asked) = (u64_at(16), u64_at(24), u64_at(32));
        let rule_len = u32_at(40) as usize;
        if rule_len > MAX_RULE {
            return Err(damaged("its rule's length is past the header"));
        }
        let Ok(rule) = std::str::from_utf8(&bytes[AT_RULE..AT_RULE + rule_len]) else {
            return Err(damaged("its rule is not UTF-8 text"));
        };
        let end = count
            .checked_mul(u64::from(width))
            .and_then(|b| b.checked_add(HEADER));
        if end.is_none_or(|end| end > len) {
            return Err(damaged(
                "it says it holds more values than the file has bytes for",
            ));
        }
        Ok(Header {
            width,
            first,
            count,
            asked,
            rule: rule.to_string(),
        })
    }

    /// The bytes the file takes up to the checkpoint.
    pub fn bytes(&self) -> u64 {
        HEADER.saturating_add(self.count.saturating_mul(u64::from(self.width)))
    }
}

/// The fewest bytes (1, 2, 4 or 8) that hold `v`.
pub fn width_for(v: u64) -> u32 {
    match v {
        0..=0xFF => 1,
        0x100..=0xFFFF => 2,
        0x1_0000..=0xFFFF_FFFF => 4,
        _ => 8,
    }
}

/// The largest value `width` bytes hold.
fn widest(width: u32) -> u64 {
    match width {
        1 => 0xFF,
        2 => 0xFFFF,
        4 => 0xFFFF_FFFF,
        _ => u64::MAX,
    }
}

/// The header of the file at `path`: `None` if there is no file there.
pub fn inspect(path: &Path) -> io::Result<Option<Result<Header, Unreadable>>> {
    let mut file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let len = file.metadata()?.len();
    let mut bytes = Vec::with_capacity(HEADER as usize);
    (&mut file).take(HEADER).read_to_end(&mut bytes)?;
    Ok(Some(Header::decode(&bytes, len)))
}

/// Reads `n` values of the file at `path` (whose header is `header`)
/// from the `from`-th on, handing them to `each` a piece at a time.
pub fn read_values<E: From<io::Error>>(
    path: &Path,
    header: &Header,
    from: u64,
    n: u64,
    each: &mut dyn FnMut(&[u64]) -> Result<(), E>,
) -> Result<(), E> {
    let w = header.width as usize;
    let mut file = File::open(path)?;
    file.seek(SeekFrom::Start(HEADER + from * w as u64))?;
    let mut bytes = vec![0u8; PIECE * w];
    let mut values = Vec::with_capacity(PIECE);
    let mut left = n;
    while left > 0 {
        let k = left.min(PIECE as u64) as usize;
        file.read_exact(&mut bytes[..k * w])?;
        values.clear();
        values.extend(bytes[..k * w].chunks_exact(w).map(|c| {
            let mut b = [0u8; 8];
            b[..w].copy_from_slice(c);
            u64::from_le_bytes(b)
        }));
        each(&values)?;
        left -= k as u64;
    }
    Ok(())
}

/// A values file open for a run to append to.
pub struct ValuesFile {
    path: PathBuf,
    file: File,
    header: Header,
    /// Values written past the checkpoint, not yet counted in the header.
    pending: u64,
}

impl ValuesFile {
    /// A new file holding only `header` (whose count is 0), written under
    /// a temporary name and renamed to `path`, so that `path` is never a
    /// file cut short.
    pub fn create(path: &Path, header: Header) -> io::Result<ValuesFile> {
        let tmp = temporary(path);
        let mut f = File::create(&tmp)?;
        f.write_all(&header.encode())?;
        f.sync_data()?;
        drop(f);
        settle(&tmp, path)?;
        Self::open(path, header)
    }

    /// The existing file at `path`, whose header is `header`, to go on
    /// with: bytes past its checkpoint are dropped, and `asked` becomes
    /// the count of values now asked for (written with the next
    /// checkpoint).
    pub fn resume(path: &Path, mut header: Header, asked: u64) -> io::Result<ValuesFile> {
        let file = OpenOptions::new().read(true).write(true).open(path)?;
        let len = file.metadata()?.len();
        if len != header.bytes() {
            file.set_len(header.bytes())?;
            file.sync_data()?;
        }
        drop(file);
        header.asked = asked;
        Self::open(path, header)
    }

    fn open(path: &Path, header: Header) -> io::Result<ValuesFile> {
        let file = OpenOptions::new().read(true).write(true).open(path)?;
        Ok(ValuesFile {
            path: path.to_path_buf(),
            file,
            header,
            pending: 0,
        })
    }

    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Values written so far, counted or not.
    pub fn written(&self) -> u64 {
        self.header.count + self.pending
    }

    /// The bytes the file takes.
    pub fn bytes(&self) -> u64 {
        HEADER + self.written() * u64::from(self.header.width)
    }

    /// Appends values (not counted until the next checkpoint). A value too
    /// wide for the file's width first has the whole file rewritten wider.
    pub fn append(&mut self, values: &[u64]) -> io::Result<()> {
        let top = values.iter().copied().max().unwrap_or(0);
        if top > widest(self.header.width) {
            self.widen(width_for(top))?;
        }
        let w = self.header.width as usize;
        let mut bytes = Vec::with_capacity(values.len().min(PIECE) * w);
        for piece in values.chunks(PIECE) {
            bytes.clear();
            for &v in piece {
                bytes.extend_from_slice(&v.to_le_bytes()[..w]);
            }
            self.file.seek(SeekFrom::Start(self.bytes()))?;
            self.file.write_all(&bytes)?;
            self.pending += piece.len() as u64;
        }
        Ok(())
    }

    /// Makes every value written count: the values are synced to the
    /// disk, then the header's count (and count asked for) is written and
    /// synced.
    pub fn checkpoint(&mut self) -> io::Result<()> {
        self.file.sync_data()?;
        self.header.count += self.pending;
        self.pending = 0;
        let mut counts = [0u8; 16];
        counts[..8].copy_from_slice(&self.header.count.to_le_bytes());
        counts[8..].copy_from_slice(&self.header.asked.to_le_bytes());
        self.file.seek(SeekFrom::Start(AT_COUNT))?;
        self.file.write_all(&counts)?;
        self.file.sync_data()
    }

    /// Rewrites the file with `width` bytes a value: the values so far are
    /// checkpointed, copied wider into a temporary file of the same folder,
    /// which is then renamed over the file.
    fn widen(&mut self, width: u32) -> io::Result<()> {
        self.checkpoint()?;
        let old = self.header.clone();
        let mut header = old.clone();
        header.width = width;
        let tmp = temporary(&self.path);
        let mut out = io::BufWriter::with_capacity(1 << 20, File::create(&tmp)?);
        out.write_all(&header.encode())?;
        let w = width as usize;
        read_values(&self.path, &old, 0, old.count, &mut |vals: &[u64]| {
            vals.iter()
                .try_for_each(|v| out.write_all(&v.to_le_bytes()[..w]))
        })?;
        let f = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        f.sync_data()?;
        drop(f);
        settle(&tmp, &self.path)?;
        *self = Self::open(&self.path, header)?;
        Ok(())
    }
}

/// The temporary file beside `path` that a new or widened file is written
/// to before it takes `path`'s place.
pub fn temporary(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.mex-tmp"))
}

/// Renames `tmp` to `path` and makes the rename last (the folder synced).
pub fn settle(tmp: &Path, path: &Path) -> io::Result<()> {
    std::fs::rename(tmp, path)?;
    #[cfg(unix)]
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(rule: &str) -> Header {
        Header {
            width: 1,
            first: 5,
            count: 0,
            asked: 100,
            rule: rule.into(),
        }
    }

    #[test]
    fn the_header_is_read_back_as_written() {
        let h = header("octal 0.6");
        let bytes = h.encode();
        assert_eq!(bytes.len(), 4096);
        assert_eq!(&bytes[..8], b"MEXVALS1");
        assert_eq!(bytes[8..12], 4096u32.to_le_bytes());
        assert_eq!(bytes[40..44], 9u32.to_le_bytes());
        assert_eq!(&bytes[44..53], b"octal 0.6");
        assert!(bytes[53..].iter().all(|&b| b == 0));
        assert_eq!(Header::decode(&bytes, 4096), Ok(h));
    }

    #[test]
    fn other_files_are_told_apart() {
        assert_eq!(
            Header::decode(b"<svg></svg>", 11),
            Err(Unreadable::NotValues)
        );
        assert_eq!(Header::decode(b"", 0), Err(Unreadable::NotValues));
        let mut h = header("grundy");
        h.count = 3;
        let bytes = h.encode();
        // the count says more than the file holds
        assert!(matches!(
            Header::decode(&bytes, 4096 + 2),
            Err(Unreadable::Damaged(_))
        ));
        assert!(Header::decode(&bytes, 4096 + 3).is_ok());
        let mut wide = bytes.clone();
        wide[12] = 3;
        assert!(matches!(
            Header::decode(&wide, 1 << 20),
            Err(Unreadable::Damaged(_))
        ));
        assert!(matches!(
            Header::decode(&bytes[..100], 100),
            Err(Unreadable::Damaged(_))
        ));
    }

    #[test]
    fn widths() {
        assert_eq!(width_for(0), 1);
        assert_eq!(width_for(255), 1);
        assert_eq!(width_for(256), 2);
        assert_eq!(width_for(65_536), 4);
        assert_eq!(width_for(1 << 32), 8);
    }

    #[test]
    fn values_are_appended_widened_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v.values");
        let mut f = ValuesFile::create(&path, header("octal 0.6")).unwrap();
        f.append(&[1, 2, 3]).unwrap();
        f.checkpoint().unwrap();
        f.append(&[300, 4]).unwrap();
        // not counted yet: a kill now leaves a file of 3 values
        let h = inspect(&path).unwrap().unwrap().unwrap();
        assert_eq!((h.count, h.width), (3, 2));
        f.checkpoint().unwrap();
        f.append(&[70_000]).unwrap();
        f.checkpoint().unwrap();
        assert!(!temporary(&path).exists());
        let h = inspect(&path).unwrap().unwrap().unwrap();
        assert_eq!((h.count, h.width, h.first), (6, 4, 5));
        assert_eq!(std::fs::metadata(&path).unwrap().len(), 4096 + 6 * 4);
        let mut got = Vec::new();
        read_values::<io::Error>(&path, &h, 1, 5, &mut |v| {
            got.extend_from_slice(v);
            Ok(())
        })
        .unwrap();
        assert_eq!(got, vec![2, 3, 300, 4, 70_000]);
    }

    #[test]
    fn a_resumed_file_loses_what_is_past_its_checkpoint() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v.values");
        let mut f = ValuesFile::create(&path, header("grundy")).unwrap();
        f.append(&[0, 0, 0, 1]).unwrap();
        f.checkpoint().unwrap();
        f.append(&[9, 9]).unwrap();
        drop(f);
        let h = inspect(&path).unwrap().unwrap().unwrap();
        let mut f = ValuesFile::resume(&path, h, 200).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().len(), 4096 + 4);
        f.append(&[0, 2]).unwrap();
        f.checkpoint().unwrap();
        let h = inspect(&path).unwrap().unwrap().unwrap();
        assert_eq!((h.count, h.asked), (6, 200));
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(&bytes[4096..], &[0, 0, 0, 1, 0, 2]);
    }
}
