//! The terminal REPL (a plain line loop for now).

use super::output::Output;
use crate::session::Session;
use crate::syntax::lexer::is_incomplete;
use std::io::{BufRead, Write};

pub fn run(session: &mut Session, out: &mut Output) -> u8 {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut n = 0;
    loop {
        n += 1;
        let mut text = String::new();
        let mut prompt = "mex> ";
        loop {
            print!("{prompt}");
            let _ = std::io::stdout().flush();
            match lines.next() {
                Some(Ok(line)) => {
                    text.push_str(&line);
                    text.push('\n');
                }
                _ => return 0,
            }
            if !is_incomplete(&text) {
                break;
            }
            prompt = "...> ";
        }
        if text.trim() == ":quit" || text.trim() == ":q" {
            return 0;
        }
        out.run(session, &format!("<repl:{n}>"), &text);
    }
}
