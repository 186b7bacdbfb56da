//! The terminal REPL: a rustyline editor around the REPL
//! ([`mex::repl::Repl`]), with history kept across sessions.

use super::output::{Output, color_allowed};
use mex::repl::helper::MexHelper;
use mex::repl::{Flow, Repl};
use mex::session::Session;
use rustyline::error::ReadlineError;
use rustyline::history::FileHistory;
use rustyline::{ColorMode, CompletionType, Config, Editor};
use std::io::IsTerminal;
use std::path::PathBuf;

/// Where the history is kept: `$MEX_HISTORY` if set (empty: nowhere), else
/// `$XDG_DATA_HOME/mex/history`, else `~/.local/share/mex/history`.
pub fn history_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("MEX_HISTORY") {
        return (!p.is_empty()).then(|| PathBuf::from(p));
    }
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|d| d.is_absolute())
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .map(|h| PathBuf::from(h).join(".local").join("share"))
        })?;
    Some(data.join("mex").join("history"))
}

pub fn run(session: Session, out: &mut Output) -> u8 {
    let color = color_allowed() && std::io::stdout().is_terminal();
    let config = Config::builder()
        .auto_add_history(true)
        .history_ignore_space(true)
        .completion_type(CompletionType::List)
        .color_mode(if color {
            ColorMode::Enabled
        } else {
            ColorMode::Disabled
        });
    let config = config
        .max_history_size(1000)
        .and_then(|c| c.history_ignore_dups(true))
        .map(|c| c.build())
        .unwrap_or_default();
    let mut editor: Editor<MexHelper, FileHistory> = match Editor::with_config(config) {
        Ok(e) => e,
        Err(e) => {
            out.fatal(&format!("cannot start the line editor: {e}"));
            return 2;
        }
    };
    editor.set_helper(Some(MexHelper::new(color)));
    let history = history_path();
    if let Some(path) = &history {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = editor.load_history(path);
    }
    out.catch_ctrl_c();

    let mut repl = Repl::new(session);
    repl.color = out.color_err;
    if std::io::stdout().is_terminal() {
        println!(
            "mex {}: `:help` for a tour, Tab completes, Ctrl-D leaves",
            env!("CARGO_PKG_VERSION")
        );
    }
    loop {
        match editor.readline("mex> ") {
            Ok(line) => {
                out.begin(&repl.session);
                let flow = repl.input(&line, out);
                if out.cut() {
                    out.note("interrupted: the rest of the answer was left out");
                }
                out.end();
                if let Some(code) = out.write_failed(0) {
                    return code;
                }
                if let Some(path) = &history {
                    // A history that cannot be written is no reason to stop.
                    let _ = editor.append_history(path);
                }
                if let Some(helper) = editor.helper_mut() {
                    helper.names = repl.defined_arities();
                }
                if flow == Flow::Quit {
                    return 0;
                }
            }
            // Ctrl-C at the prompt: the line is dropped, the session goes on.
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => return 0,
            Err(e) => {
                out.fatal(&format!("cannot read the line: {e}"));
                return 2;
            }
        }
    }
}
