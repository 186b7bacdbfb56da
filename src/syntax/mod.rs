//! Source text to AST: the lexer, the LALRPOP parser and the tree they build.

pub mod ast;
mod chars;
pub mod hints;
pub mod lexer;
pub mod parse;
pub mod suggest;
pub mod token;

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, unused_parens, dead_code)]
    pub grammar,
    "/parser.rs"
);

pub(crate) fn mk(l: usize, r: usize, kind: ast::ExprKind) -> ast::Expr {
    ast::Expr { kind, span: l..r }
}
