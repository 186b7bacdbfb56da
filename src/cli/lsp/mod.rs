//! `mex lsp`: the language server. It speaks the Language Server Protocol
//! on standard input and output (`lsp-server`, `lsp-types`): diagnostics
//! with quick fixes, each question's answer as an inlay hint, hover,
//! completion, definitions, references and symbols.
//!
//! Documents are untrusted text. The server itself only parses them; each
//! version of a document runs in a process of its own, in the sandbox of
//! `mex --sandbox` ([`child`], [`child_process`]): nothing read, nothing
//! written, limits small and only lowered, memory capped, each statement
//! given [`LINE_MS`]. An edit kills the run in progress and a new process
//! runs the new text, so no session grows across edits.

mod child;
mod child_process;
mod diagnostics;
mod features;
mod hints;
mod outline;
mod record;
mod requests;
mod state;
mod text;
mod value;
mod worker;

pub use child::child;
pub use child_process::LSP_CHILD;

/// Milliseconds each statement of a document may run.
pub const LINE_MS: u64 = 500;
/// Milliseconds each statement may run: [`LINE_MS`], or what the
/// environment variable `MEX_LSP_LINE_MS` says (an editor's setting, or a
/// test's).
pub fn line_ms() -> u64 {
    std::env::var("MEX_LSP_LINE_MS")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .filter(|&ms| ms > 0)
        .unwrap_or(LINE_MS)
}

/// The work one question may do while editing (`set work`).
pub const WORK: u64 = 20_000_000;
/// The address space of a document's process, in MiB.
pub const MEMORY_MIB: u64 = 1024;

use lsp_server::{Connection, Message};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, HoverProviderCapability, OneOf,
    ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind,
};

fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions::default()),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        ..Default::default()
    }
}

/// What `mex lsp --help` says.
const HELP: &str = "\
mex lsp: the language server, for editors. It speaks the Language Server
Protocol on standard input and output (`--stdio`, which some clients pass,
is the same): diagnostics with quick fixes, each question's answer as an
inlay hint, hover, completion, definitions, references and symbols.
Each document runs in a sandboxed process of its own.

The setup of VS Code, Neovim and Helix: docs/editors.md in the source tree.";

/// `mex lsp`: serves one editor until it says `exit`.
pub fn run() -> u8 {
    if std::env::args().skip(2).any(|a| a == "--help" || a == "-h") {
        println!("{HELP}");
        return 0;
    }
    let (connection, io) = Connection::stdio();
    let caps = match serde_json::to_value(capabilities()) {
        Ok(c) => c,
        Err(_) => return 2,
    };
    let init = serde_json::json!({
        "capabilities": caps,
        "serverInfo": { "name": "mex", "version": env!("CARGO_PKG_VERSION") },
    });
    // `initialized` is taken as any notification is (an editor that sends
    // a document before it is not turned away)
    let params = match connection.initialize_start() {
        Ok((id, params)) => {
            let _ = connection
                .sender
                .send(lsp_server::Response::new_ok(id, init).into());
            params
        }
        Err(e) => return fail(e),
    };
    let refresh = params
        .pointer("/capabilities/workspace/inlayHint/refreshSupport")
        .and_then(serde_json::Value::as_bool)
        .unwrap_or(false);
    let mut server = requests::Server::new(connection.sender.clone(), refresh);
    for msg in &connection.receiver {
        match msg {
            Message::Request(req) => match connection.handle_shutdown(&req) {
                Ok(true) => break,
                Ok(false) => server.request(req),
                Err(e) => return fail(e),
            },
            Message::Notification(n) if n.method == "exit" => break,
            Message::Notification(n) => server.notification(n),
            Message::Response(_) => {}
        }
    }
    server.close_all();
    // the writer ends when every sender has gone
    drop(server);
    drop(connection);
    let _ = io.join();
    0
}

fn fail(e: lsp_server::ProtocolError) -> u8 {
    eprintln!("mex lsp: {e}");
    2
}
