//! How games, value sets and counts are written in results: the way a
//! person would write them, shortened where they would be a wall of text.

use crate::eval::{Defs, Game, Part};

/// Explicit games are shown this many levels deep, then as `{..}`.
const DEPTH: usize = 4;
/// Options of an explicit game shown before "... N more".
const WIDTH: usize = 8;

pub fn game(defs: &Defs, g: &Game) -> String {
    let mut out = String::new();
    write_game(defs, g, DEPTH, &mut out);
    out
}

fn write_game(defs: &Defs, g: &Game, depth: usize, out: &mut String) {
    if g.parts.is_empty() {
        out.push('0');
        return;
    }
    for (i, p) in g.parts.iter().enumerate() {
        if i > 0 {
            out.push_str(" + ");
        }
        write_part(defs, p, depth, out);
    }
}

fn write_part(defs: &Defs, p: &Part, depth: usize, out: &mut String) {
    match p {
        Part::Nim { n, star: true } => out.push_str(&format!("*{n}")),
        Part::Nim { n, star: false } => out.push_str(&format!("nim({n})")),
        Part::Pos(key) => out.push_str(&defs.show_key(key)),
        Part::Picture(p) => {
            let edges: Vec<String> = p
                .edges
                .iter()
                .take(WIDTH)
                .map(|(a, b)| format!("{a}-{b}"))
                .collect();
            let more = match p.edges.len().saturating_sub(WIDTH) {
                0 => String::new(),
                n => format!(", ... {n} more"),
            };
            out.push_str(&format!("hackenbush {{{}{more}}}", edges.join(", ")));
        }
        Part::Options(e) => {
            if depth == 0 {
                out.push_str("{..}");
                return;
            }
            out.push('{');
            for (i, o) in e.options.iter().take(WIDTH).enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_game(defs, o, depth - 1, out);
            }
            if e.options.len() > WIDTH {
                out.push_str(&format!(", ... {} more", e.options.len() - WIDTH));
            }
            out.push('}');
        }
    }
}

/// The longest position [`written`] writes, in bytes.
pub const WRITTEN: usize = 100_000;

/// A position written in full in the language, so that it parses back to
/// the same game in the same session: no part shortened, unlike [`game`].
/// `None` when it would take more than [`WRITTEN`] bytes (an explicit game
/// that shares its options may be exponentially long written out).
pub fn written(defs: &Defs, g: &Game) -> Option<String> {
    let mut out = String::new();
    write_full(defs, g, &mut out).then_some(out)
}

fn write_full(defs: &Defs, g: &Game, out: &mut String) -> bool {
    if g.parts.is_empty() {
        out.push('0');
    }
    for (i, p) in g.parts.iter().enumerate() {
        if i > 0 {
            out.push_str(" + ");
        }
        let fits = match p {
            Part::Options(e) => {
                out.push('{');
                for (i, o) in e.options.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if !write_full(defs, o, out) {
                        return false;
                    }
                }
                out.push('}');
                true
            }
            Part::Picture(pic) => {
                let edges: Vec<String> =
                    pic.edges.iter().map(|(a, b)| format!("{a}-{b}")).collect();
                out.push_str(&format!("hackenbush {{{}}}", edges.join(", ")));
                true
            }
            _ => {
                write_part(defs, p, DEPTH, out);
                true
            }
        };
        if !fits || out.len() > WRITTEN {
            return false;
        }
    }
    out.len() <= WRITTEN
}

/// A sum's components as written, sorted: two ways of writing one
/// position (`a + b`, `b + a`) give the same key.
pub fn canonical(defs: &Defs, g: &Game) -> Vec<String> {
    let mut parts: Vec<String> = g
        .parts
        .iter()
        .map(|q| game(defs, &Game::single(q.clone())))
        .collect();
    parts.sort();
    parts
}
