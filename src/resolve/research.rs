//! `sequence NAME a..b to "FILE"`: a research run, the values of a rule
//! family written to a file (see [`crate::query::research`]).

use super::Checker;
use super::expr::R;
use crate::diag::{Diagnostic, ErrorKind};
use crate::ir::{PeriodFromIr, ResearchIr};
use crate::syntax::ast;

impl Checker<'_> {
    pub(super) fn research(&mut self, r: &ast::Research) -> R<ResearchIr> {
        self.word(
            &r.to,
            "to",
            "`sequence NAME a..b to \"FILE\"` writes the values to a file",
        )?;
        let file = r.file.trim();
        if file.is_empty() {
            return Err(self
                .err(ErrorKind::Argument, &r.file_span, "the file name is empty")
                .hint("name the file to write: `\"kayles.values\"`"));
        }
        Ok(ResearchIr {
            game: self.game_named(&r.game, 1)?,
            game_loc: self.loc(&r.game.span),
            range: self.range(&r.range)?,
            file: file.to_string(),
            file_loc: self.loc(&r.file_span),
        })
    }

    pub(super) fn period_from(&mut self, p: &ast::PeriodFrom) -> R<PeriodFromIr> {
        self.word(
            &p.from,
            "from",
            "`period NAME from \"FILE\"` reads the values a research run wrote, then searches",
        )?;
        let file = p.file.trim();
        if file.is_empty() {
            return Err(self
                .err(ErrorKind::Argument, &p.file_span, "the file name is empty")
                .hint("name the values file to read: `\"kayles.values\"`"));
        }
        Ok(PeriodFromIr {
            game: self.game_named(&p.game, 1)?,
            game_loc: self.loc(&p.game.span),
            file: file.to_string(),
            file_loc: self.loc(&p.file_span),
        })
    }

    /// `sequence NAME a..b to FILE` with the file not in quotes (it parses
    /// as `sequence NAME a..b by K` with another word).
    pub(super) fn file_unquoted(
        &self,
        name: &ast::Name,
        range: &ast::Range,
        file: &ast::Expr,
    ) -> Diagnostic {
        let text = self.text(&file.span).trim().to_string();
        let range = self.text(&(range.lo.span.start..range.hi.span.end));
        self.err(
            ErrorKind::Parse,
            &file.span,
            "the file to write is a string, in quotes",
        )
        .label("not in quotes")
        .hint(format!(
            "`sequence {} {range} to \"{text}\"` writes the values to a file",
            name.text
        ))
    }
}
