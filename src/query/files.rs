//! Files that questions write (`plot ... to`, `sequence ... to`): the
//! checks made before any work, and the diagnostic when writing fails.

use super::error::{QueryError, Unwritable};
use crate::eval::EvalError;
use crate::ir::Loc;
use std::path::Path;

/// Refuses, before any work, a file that could not be written: a folder
/// that does not exist, a name that is a folder, a device or a pipe.
/// `kind` names what may be replaced ("an SVG file"), `example` a file
/// name as written in a statement (`"folder/plot.svg"`).
pub fn writable(file: &str, loc: Loc, kind: &str, example: &str) -> Result<(), EvalError> {
    let path = Path::new(file);
    let err = |why: Unwritable| {
        EvalError::from(QueryError::CannotWrite {
            file: file.to_string(),
            loc,
            why,
        })
    };
    if path.is_dir() {
        return Err(err(Unwritable::Folder {
            example: example.to_string(),
        }));
    }
    if path.exists() && !path.is_file() {
        // a device or a pipe: writing could block or go nowhere
        return Err(err(Unwritable::NotRegular {
            kind: kind.to_string(),
        }));
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !parent.is_dir() {
        return Err(err(Unwritable::NoFolder {
            folder: parent.display().to_string(),
        }));
    }
    Ok(())
}

/// The diagnostic for a file that could not be written (or read back).
pub fn cannot_write(file: &str, loc: Loc, e: &std::io::Error) -> EvalError {
    EvalError::from(QueryError::CannotWrite {
        file: file.to_string(),
        loc,
        why: Unwritable::Failed {
            why: e.to_string(),
            denied: e.kind() == std::io::ErrorKind::PermissionDenied,
        },
    })
}
