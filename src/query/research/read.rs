//! `period NAME from "FILE"`: a research run's values file read back into
//! the game's table, then the period searched for with them, so that a
//! period whose proof needs 2 * 10^7 values is not computed again each
//! time. The file must hold the values of the game's rule from G(0); the
//! first values are computed and compared with the file's before the rest
//! are taken as they are (a file of another rule, or a damaged one, is
//! refused). The search then looks at least as far as the file goes.

use super::file::{self, Header, Unreadable};
use crate::diag::{Diagnostic, ErrorKind};
use crate::engine::Watch;
use crate::engine::heap::{Allowance, WARM_UP};
use crate::eval::{Defs, EvalError, Store};
use crate::ir::{Loc, PeriodFromIr};
use crate::query::{PeriodAnswer, period};
use std::path::Path;

/// Values of the file compared with values computed afresh before the
/// rest are read as they are.
const COMPARED: u64 = 1 << 16;

/// The period of a family game, searched with the values of a file read
/// into its table first.
pub fn period_from(
    defs: &Defs,
    store: &mut Store,
    p: &PeriodFromIr,
) -> Result<PeriodAnswer, EvalError> {
    let name = defs.games[p.game].name.clone();
    if store.sandbox.is_some() || store.files.is_some() {
        return Err(error_of(
            ErrorKind::Sandbox,
            p,
            "reading a values file needs the command line",
            "this file runs in the sandbox or the browser, where no other file is read; `period NAME` searches without it",
        ));
    }
    let Some(rule) = store.table_rule(defs, p.game).cloned() else {
        return Err(error_of(
            ErrorKind::Unsupported,
            p,
            format!("`{name}` is not a rule family, whose values a research run writes"),
            format!("`period {name}` searches without a file"),
        ));
    };
    let path = Path::new(&p.file);
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return Err(error(
            p,
            format!("{} is not a regular file that can be read", p.file),
            format!("`sequence {name} 0..N to \"{}\"` writes one", p.file),
        ));
    }
    let header = match file::inspect(path) {
        Ok(Some(Ok(h))) => h,
        Ok(None) => {
            return Err(error(
                p,
                format!("{} does not exist", p.file),
                "name a values file written by `sequence NAME a..b to \"FILE\"`",
            ));
        }
        Ok(Some(Err(Unreadable::NotValues))) => {
            return Err(error(
                p,
                format!("{} is not a values file", p.file),
                "a values file is written by `sequence NAME a..b to \"FILE\"`",
            ));
        }
        Ok(Some(Err(Unreadable::Damaged(why)))) => {
            return Err(error(
                p,
                format!("{} is a values file with a damaged header: {why}", p.file),
                "write it again with `sequence NAME a..b to \"FILE\"`",
            ));
        }
        Err(e) => {
            return Err(error(
                p,
                format!("cannot read {}: {e}", p.file),
                "check that the file may be read",
            ));
        }
    };
    let rule_text = rule.to_string();
    if header.rule != rule_text {
        return Err(error(
            p,
            format!(
                "{} holds the values of {}, not those of `{name}` ({rule_text})",
                p.file, header.rule
            ),
            "read a file of this game's rule",
        ));
    }
    if header.first != 0 {
        return Err(error(
            p,
            format!(
                "{} holds the values from n = {}, not from n = 0",
                p.file, header.first
            ),
            format!(
                "a period search needs every value from G(0): `sequence {name} 0..N to \"FILE\"`"
            ),
        ));
    }
    load(p, store, &header)?;
    let limit = store
        .limits
        .period_limit()
        .max(header.count.saturating_sub(1));
    let mut answer = period::find(defs, store, p.game, limit)?;
    answer.read = Some((p.file.clone(), header.count));
    Ok(answer)
}

/// Reads the file's values into the game's table: the first ones are
/// computed and compared, the rest appended as they are.
fn load(p: &PeriodFromIr, store: &mut Store, header: &Header) -> Result<(), EvalError> {
    let count = header.count;
    let memory = store.limits.memory;
    let threads = store.limits.threads as usize;
    let watch: &mut dyn Watch = &mut *store.ticker.watch;
    let Some(family) = store.families.get_mut(p.game) else {
        return Ok(());
    };
    let table = &mut family.table;
    if count <= table.len() && table.proven().is_none() {
        return compare(p, table, header, 0, count);
    }
    if table.proven().is_some() {
        // the period answers every heap: the file adds nothing
        return Ok(());
    }
    let bytes = table.memory_estimate(count.saturating_sub(1));
    if bytes > memory {
        return Err(EvalError::from(
            store_memory_error(memory, &p.file, count, bytes).at(p.file_loc.src),
        ));
    }
    table.set_threads(threads);
    let checked = count.min(COMPARED.max(WARM_UP));
    table
        .extend(checked.saturating_sub(1), Allowance::ANY, false, watch)
        .map_err(|_| EvalError::Interrupted)?;
    let have = table.len().min(count);
    compare(p, table, header, 0, have)?;
    if table.proven().is_some() || have >= count {
        return Ok(());
    }
    let mut failed = None;
    file::read_values(
        Path::new(&p.file),
        header,
        have,
        count - have,
        &mut |values| {
            table.load(values.iter().copied(), watch).map_err(|e| {
                failed = Some(e);
                std::io::Error::other("stopped")
            })
        },
    )
    .map_err(|e: std::io::Error| match failed {
        Some(crate::engine::heap::ExtendError::Interrupted) => EvalError::Interrupted,
        _ => error(
            p,
            format!("cannot read {}: {e}", p.file),
            "check that the file may be read",
        ),
    })
}

/// Checks the file's values `from..from + n` against the table's.
fn compare(
    p: &PeriodFromIr,
    table: &crate::engine::heap::HeapTable,
    header: &Header,
    from: u64,
    n: u64,
) -> Result<(), EvalError> {
    let mut at = from;
    let mut wrong = None;
    file::read_values(Path::new(&p.file), header, from, n, &mut |values| {
        for &v in values {
            if wrong.is_none() && table.get(at) != Some(v) {
                wrong = Some((at, v, table.get(at)));
            }
            at += 1;
        }
        Ok::<(), std::io::Error>(())
    })
    .map_err(|e| {
        error(
            p,
            format!("cannot read {}: {e}", p.file),
            "check that the file may be read",
        )
    })?;
    match wrong {
        None => Ok(()),
        Some((n, found, known)) => Err(error(
            p,
            format!(
                "{} is damaged: it holds G({n}) = {found}, but G({n}) is {}",
                p.file,
                known.map_or("another value".to_string(), |v| v.to_string())
            ),
            "write it again with `sequence NAME a..b to \"FILE\"`",
        )),
    }
}

fn store_memory_error(memory: u64, file: &str, count: u64, bytes: u64) -> Diagnostic {
    let limits = crate::eval::Limits {
        memory,
        ..crate::eval::Limits::default()
    };
    limits.memory_error(
        &format!("the {count} values of {file} in a table"),
        bytes,
        0,
    )
}

/// A values file that cannot be read, or holds what it should not.
fn error(p: &PeriodFromIr, message: impl Into<String>, hint: impl Into<String>) -> EvalError {
    error_of(ErrorKind::Io, p, message, hint)
}

fn error_of(
    kind: ErrorKind,
    p: &PeriodFromIr,
    message: impl Into<String>,
    hint: impl Into<String>,
) -> EvalError {
    at(kind, p.file_loc, message, hint)
}

fn at(kind: ErrorKind, loc: Loc, message: impl Into<String>, hint: impl Into<String>) -> EvalError {
    EvalError::from(
        Diagnostic::error(kind, loc.range(), message.into())
            .at(loc.src)
            .label("this file")
            .hint(hint.into()),
    )
}
