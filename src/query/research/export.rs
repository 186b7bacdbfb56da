//! The CSV and NumPy files of a research run (`sequence NAME a..b to
//! "f.csv"`, `to "f.npy"`): written as the values come, in constant
//! memory, under a temporary name in the same folder, and renamed to the
//! file's name when the last value is in. They hold no checkpoint and are
//! not resumed: a run stopped leaves no file (and an older file of that
//! name as it was); a run killed leaves the temporary file, which the next
//! run removes.
//!
//! CSV: a header line `n,value`, then a row per heap. NumPy: a
//! one-dimensional array of unsigned little-endian integers, of the
//! smallest type that holds every value written (`uint8` first); a value
//! too large for it has the file rewritten with a wider type, as a values
//! file is.

use super::file::{settle, temporary};
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

/// A CSV or NumPy file being written.
pub struct Export {
    path: PathBuf,
    tmp: PathBuf,
    /// Taken when the file is finished.
    kind: Option<Kind>,
    /// Values written.
    written: u64,
    /// Renamed into place: nothing to clean up.
    finished: bool,
}

enum Kind {
    Csv(Box<Csv>),
    #[cfg(feature = "cli")]
    Npy(npy::Npy),
}

struct Csv {
    out: csv::Writer<File>,
    n: String,
    v: String,
}

/// The temporary file a NumPy file is copied into when it is widened.
pub fn wider_temporary(path: &Path) -> PathBuf {
    let mut name = temporary(path).into_os_string();
    name.push("-wide");
    PathBuf::from(name)
}

impl Export {
    /// A CSV file of the values, to be `path` when finished.
    pub fn csv(path: &Path) -> io::Result<Export> {
        let tmp = temporary(path);
        let file = File::create(&tmp)?;
        let mut out = csv::WriterBuilder::new()
            .buffer_capacity(1 << 20)
            .from_writer(file);
        out.write_record(["n", "value"])?;
        Ok(Export::new(
            path,
            tmp,
            Kind::Csv(Box::new(Csv {
                out,
                n: String::new(),
                v: String::new(),
            })),
        ))
    }

    /// A NumPy file of `count` values, to be `path` when finished.
    #[cfg(feature = "cli")]
    pub fn npy(path: &Path, count: u64) -> io::Result<Export> {
        let tmp = temporary(path);
        let npy = npy::Npy::create(&tmp, count, 1)?;
        Ok(Export::new(path, tmp, Kind::Npy(npy)))
    }

    /// NumPy files are written by the command line only.
    #[cfg(not(feature = "cli"))]
    pub fn npy(_path: &Path, _count: u64) -> io::Result<Export> {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "NumPy files are written by the command line only",
        ))
    }

    fn new(path: &Path, tmp: PathBuf, kind: Kind) -> Export {
        Export {
            path: path.to_path_buf(),
            tmp,
            kind: Some(kind),
            written: 0,
            finished: false,
        }
    }

    /// Appends the values of heaps `from`, `from + 1`, ...
    pub fn append(&mut self, from: u64, values: &[u64]) -> io::Result<()> {
        use std::fmt::Write as _;
        match &mut self.kind {
            None => return Err(io::Error::other("the file is closed")),
            Some(Kind::Csv(c)) => {
                for (i, &v) in values.iter().enumerate() {
                    c.n.clear();
                    c.v.clear();
                    let _ = write!(c.n, "{}", from + i as u64);
                    let _ = write!(c.v, "{v}");
                    c.out.write_record([c.n.as_bytes(), c.v.as_bytes()])?;
                }
            }
            #[cfg(feature = "cli")]
            Some(Kind::Npy(n)) => {
                use super::file::width_for;
                let top = values.iter().copied().max().unwrap_or(0);
                if width_for(top) > n.width {
                    let wide = wider_temporary(&self.path);
                    n.widen(&self.tmp, &wide, self.written, width_for(top))?;
                }
                n.append(values)?;
            }
        }
        self.written += values.len() as u64;
        Ok(())
    }

    /// Bytes per value (a NumPy file), or none (CSV).
    pub fn width(&self) -> Option<u32> {
        match &self.kind {
            Some(Kind::Csv(_)) | None => None,
            #[cfg(feature = "cli")]
            Some(Kind::Npy(n)) => Some(n.width),
        }
    }

    /// Writes what is left, syncs the file and renames it into place;
    /// returns its size.
    pub fn finish(mut self) -> io::Result<u64> {
        let file = match self.kind.take() {
            None => return Err(io::Error::other("the file is closed")),
            Some(Kind::Csv(c)) => c.out.into_inner().map_err(|e| e.into_error())?,
            #[cfg(feature = "cli")]
            Some(Kind::Npy(n)) => n.finish()?,
        };
        file.sync_all()?;
        drop(file);
        settle(&self.tmp, &self.path)?;
        self.finished = true;
        Ok(std::fs::metadata(&self.path)?.len())
    }
}

impl Drop for Export {
    fn drop(&mut self) {
        if !self.finished {
            let _ = std::fs::remove_file(&self.tmp);
            let _ = std::fs::remove_file(wider_temporary(&self.path));
        }
    }
}

#[cfg(feature = "cli")]
mod npy {
    //! The NumPy writer: npyz writes the header and the values, through a
    //! buffer this module keeps hold of, so that the last bytes are
    //! written (and their errors seen) before the file is renamed.

    use npyz::{DType, NpyFile, NpyWriter, TypeStr, WriteOptions, WriterBuilder};
    use std::cell::RefCell;
    use std::fs::File;
    use std::io::{self, BufReader, BufWriter, Write};
    use std::path::Path;
    use std::rc::Rc;

    /// The file's buffer, shared with the npyz writer.
    #[derive(Clone)]
    struct Shared(Rc<RefCell<BufWriter<File>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.borrow_mut().write(buf)
        }

        fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
            self.0.borrow_mut().write_all(buf)
        }

        fn flush(&mut self) -> io::Result<()> {
            self.0.borrow_mut().flush()
        }
    }

    impl Shared {
        /// The file, once every byte is written (the npyz writer is gone).
        fn into_file(self) -> io::Result<File> {
            let buf = Rc::try_unwrap(self.0)
                .map_err(|_| io::Error::other("the NumPy writer is still open"))?
                .into_inner();
            buf.into_inner().map_err(io::IntoInnerError::into_error)
        }
    }

    /// A writer for values of one width.
    enum Writer {
        U8(NpyWriter<u8, Shared>),
        U16(NpyWriter<u16, Shared>),
        U32(NpyWriter<u32, Shared>),
        U64(NpyWriter<u64, Shared>),
    }

    pub struct Npy {
        /// Bytes per value: 1, 2, 4 or 8.
        pub width: u32,
        /// The length of the array (the values asked for).
        count: u64,
        writer: Option<Writer>,
        /// Taken when the file is finished or widened.
        file: Option<Shared>,
    }

    /// The dtype of `width` bytes, little-endian.
    fn dtype(width: u32) -> io::Result<DType> {
        let text = match width {
            1 => "|u1",
            2 => "<u2",
            4 => "<u4",
            _ => "<u8",
        };
        let ty: TypeStr = text
            .parse()
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, format!("{e}")))?;
        Ok(DType::Plain(ty))
    }

    fn begin<T: npyz::Serialize>(
        width: u32,
        count: u64,
        file: &Shared,
    ) -> io::Result<NpyWriter<T, Shared>> {
        WriteOptions::<T>::new()
            .dtype(dtype(width)?)
            .shape(&[count])
            .writer(file.clone())
            .begin_nd()
    }

    impl Npy {
        /// A new file at `path` for `count` values of `width` bytes.
        pub fn create(path: &Path, count: u64, width: u32) -> io::Result<Npy> {
            let file = Shared(Rc::new(RefCell::new(BufWriter::with_capacity(
                1 << 20,
                File::create(path)?,
            ))));
            let writer = match width {
                1 => Writer::U8(begin(1, count, &file)?),
                2 => Writer::U16(begin(2, count, &file)?),
                4 => Writer::U32(begin(4, count, &file)?),
                _ => Writer::U64(begin(8, count, &file)?),
            };
            Ok(Npy {
                width,
                count,
                writer: Some(writer),
                file: Some(file),
            })
        }

        /// Appends values that fit the width.
        pub fn append(&mut self, values: &[u64]) -> io::Result<()> {
            match &mut self.writer {
                Some(Writer::U8(w)) => values.iter().try_for_each(|&v| w.push(&(v as u8))),
                Some(Writer::U16(w)) => values.iter().try_for_each(|&v| w.push(&(v as u16))),
                Some(Writer::U32(w)) => values.iter().try_for_each(|&v| w.push(&(v as u32))),
                Some(Writer::U64(w)) => values.iter().try_for_each(|&v| w.push(&v)),
                None => Err(io::Error::other("the NumPy file is closed")),
            }
        }

        /// The file, every value written: npyz checks that the array is
        /// whole.
        pub fn finish(mut self) -> io::Result<File> {
            match self.writer.take() {
                Some(Writer::U8(w)) => w.finish()?,
                Some(Writer::U16(w)) => w.finish()?,
                Some(Writer::U32(w)) => w.finish()?,
                Some(Writer::U64(w)) => w.finish()?,
                None => {}
            }
            self.file
                .take()
                .ok_or_else(|| io::Error::other("the NumPy file is closed"))?
                .into_file()
        }

        /// Rewrites the `written` values of the file at `path` with
        /// `width` bytes a value: read back (npyz) into a new file at
        /// `wide`, which then takes `path`'s place.
        pub fn widen(
            &mut self,
            path: &Path,
            wide: &Path,
            written: u64,
            width: u32,
        ) -> io::Result<()> {
            // the array is not whole yet: its writer is dropped unfinished
            drop(self.writer.take());
            if let Some(old) = self.file.take() {
                old.into_file()?;
            }
            let mut next = Npy::create(wide, self.count, width)?;
            let bad = |e: npyz::DTypeError| io::Error::new(io::ErrorKind::InvalidData, e);
            let read = NpyFile::new(BufReader::with_capacity(1 << 20, File::open(path)?))?;
            let mut piece = Vec::with_capacity(1 << 16);
            let flush = |piece: &mut Vec<u64>, next: &mut Npy| -> io::Result<()> {
                next.append(piece)?;
                piece.clear();
                Ok(())
            };
            macro_rules! copy {
                ($t:ty) => {
                    for v in read.data::<$t>().map_err(bad)?.take(written as usize) {
                        piece.push(u64::from(v?));
                        if piece.len() == piece.capacity() {
                            flush(&mut piece, &mut next)?;
                        }
                    }
                };
            }
            match self.width {
                1 => copy!(u8),
                2 => copy!(u16),
                4 => copy!(u32),
                _ => copy!(u64),
            }
            flush(&mut piece, &mut next)?;
            std::fs::rename(wide, path)?;
            *self = next;
            Ok(())
        }
    }
}
