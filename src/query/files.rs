//! Files that questions write (`plot ... to`, `sequence ... to`): the
//! checks made before any work, and the diagnostic when writing fails.

use crate::diag::{Diagnostic, ErrorKind};
use crate::eval::EvalError;
use crate::ir::Loc;
use std::path::Path;

/// Refuses, before any work, a file that could not be written: a folder
/// that does not exist, a name that is a folder, a device or a pipe.
/// `kind` names what may be replaced ("an SVG file"), `example` a file
/// name as written in a statement (`"folder/plot.svg"`).
pub fn writable(file: &str, loc: Loc, kind: &str, example: &str) -> Result<(), EvalError> {
    let path = Path::new(file);
    let err = |message: String, hint: String| {
        EvalError::from(
            Diagnostic::error(ErrorKind::Io, loc.range(), message)
                .at(loc.src)
                .label("this file")
                .hint(hint),
        )
    };
    if path.is_dir() {
        return Err(err(
            format!("cannot write {file}: it is a folder"),
            format!("give a file name inside it: `{example}`"),
        ));
    }
    if path.exists() && !path.is_file() {
        // a device or a pipe: writing could block or go nowhere
        return Err(err(
            format!("cannot write {file}: it is not a regular file"),
            format!("give the name of a new file, or of {kind} to replace"),
        ));
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !parent.is_dir() {
        return Err(err(
            format!(
                "cannot write {file}: the folder {} does not exist",
                parent.display()
            ),
            "create the folder first, or write the file somewhere else".to_string(),
        ));
    }
    Ok(())
}

/// The diagnostic for a file that could not be written (or read back).
pub fn cannot_write(file: &str, loc: Loc, e: &std::io::Error) -> EvalError {
    let hint = match e.kind() {
        std::io::ErrorKind::PermissionDenied => "this place may not be written to; choose another",
        _ => "check the file name and the folder it goes in",
    };
    EvalError::from(
        Diagnostic::error(
            ErrorKind::Io,
            loc.range(),
            format!("cannot write {file}: {e}"),
        )
        .at(loc.src)
        .label("this file")
        .hint(hint),
    )
}
