//! `plot`: what it draws (a nim-sequence, or a two-parameter game as a
//! heat map) and the SVG file it writes.

use super::Checker;
use super::expr::{Named, R};
use crate::diag::ErrorKind;
use crate::ir::{PlotIr, PlotOf};
use crate::syntax::ast;

impl Checker<'_> {
    /// `plot NAME a..b to "FILE.svg"` (a nim-sequence), or with two ranges
    /// a heat map of a two-parameter game or `nimsum`.
    pub(super) fn plot(&mut self, p: &ast::Plot) -> R<PlotIr> {
        if let Some(to) = &p.to {
            self.word(to, "to", "`plot NAME a..b to \"FILE.svg\"`")?;
        }
        let file = p.file.as_deref().map(str::trim);
        let shown = file.unwrap_or("plot.svg");
        if let Some(file) = file {
            self.plot_file(file, &p.file_span)?;
        }
        let of = match &p.y {
            None => {
                if let Named::Game(_, 2) = self.lookup(&p.game.text) {
                    return Err(self
                        .err(
                            ErrorKind::Type,
                            &p.game.span,
                            format!(
                                "`{}` takes 2 parameters: give a range for each",
                                p.game.text
                            ),
                        )
                        .hint(format!(
                            "`plot {} 0..16 0..16 to \"{}\"` draws a heat map",
                            p.game.text, shown
                        )));
                }
                PlotOf::Sequence(self.game_named(&p.game, 1)?, self.range(&p.x)?)
            }
            Some(y) => {
                if let Named::Game(_, 1) = self.lookup(&p.game.text) {
                    return Err(self
                        .err(
                            ErrorKind::Type,
                            &p.game.span,
                            format!("`{}` takes 1 parameter: give one range", p.game.text),
                        )
                        .hint(format!(
                            "`plot {} 0..100 to \"{}\"` draws its nim-sequence",
                            p.game.text, shown
                        )));
                }
                PlotOf::Heat(
                    self.table_source(&p.game)?,
                    self.range(&p.x)?,
                    self.range(y)?,
                )
            }
        };
        Ok(PlotIr {
            of,
            file: file.map(str::to_string),
            file_loc: self.loc(&p.file_span),
        })
    }

    /// A plot's file name: not empty, and ending in `.svg`.
    fn plot_file(&self, file: &str, span: &ast::Span) -> R<()> {
        if file.is_empty() {
            return Err(self
                .err(ErrorKind::Argument, span, "the file name is empty")
                .hint("name the file to write: `\"kayles.svg\"`"));
        }
        if !file.to_ascii_lowercase().ends_with(".svg") || file.len() <= 4 {
            return Err(self
                .err(ErrorKind::Argument, span, "a plot is written as SVG")
                .label("this name does not end in `.svg`")
                .hint("name the file `something.svg`; browsers, LaTeX (svg package) and slides take it"));
        }
        Ok(())
    }
}
