//! Source text to AST. [`parse::parse`] runs the stages in order:
//! characters (`chars`) → tokens ([`lexer`]) → statements (the LALRPOP
//! grammar) → syntax errors in words ([`hints`]); [`ast`] is the tree they
//! build and [`token`] the tokens between them.

pub mod ast;
mod chars;
pub mod error;
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
