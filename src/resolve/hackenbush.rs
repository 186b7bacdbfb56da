//! `hackenbush { 0-1, 1-2-0, 3-3 }`: a Green Hackenbush picture, its edges
//! between vertices named by integers, 0 the ground. Paths are split into
//! edges; loops and repeated edges are allowed. A vertex written two ways
//! (`01` and `1`) is refused, since a reader would take them for two.

use super::Checker;
use super::expr::R;
use crate::diag::ErrorKind;
use crate::engine::hackenbush::Picture;
use crate::ir::GameExpr;
use crate::syntax::ast;
use std::collections::HashMap;
use std::rc::Rc;

/// The most edges one picture may have.
pub const MAX_EDGES: usize = 1 << 22;

impl Checker<'_> {
    pub(super) fn picture(&self, paths: &[Vec<(u64, ast::Span)>], e: &ast::Expr) -> R<GameExpr> {
        let mut written: HashMap<u64, &ast::Span> = HashMap::new();
        let mut edges = Vec::new();
        for path in paths {
            for (v, span) in path {
                match written.get(v) {
                    Some(first) if self.text(first) != self.text(span) => {
                        return Err(self
                            .err(
                                ErrorKind::Definition,
                                span,
                                format!("vertex {v} is written `{}` here", self.text(span)),
                            )
                            .label("written differently")
                            .secondary((*first).clone(), format!("and `{}` here", self.text(first)))
                            .hint(format!("write vertex {v} the same way everywhere: `{v}`")));
                    }
                    Some(_) => {}
                    None => {
                        written.insert(*v, span);
                    }
                }
            }
            edges.extend(path.windows(2).map(|w| (w[0].0, w[1].0)));
        }
        if edges.len() > MAX_EDGES {
            return Err(self
                .err(
                    ErrorKind::TooLarge,
                    &e.span,
                    format!("a picture of {} edges", edges.len()),
                )
                .label(format!("more than {MAX_EDGES}")));
        }
        Ok(GameExpr::Picture(Rc::new(Picture::new(edges))))
    }
}
