//! The server's answers to what the editor sends: documents opened,
//! changed and closed (each handed to its [`Worker`]), and requests, each
//! answered here from what the server knows, or (inlay hints) by the
//! worker once the run it waits for has ended. A request whose handling
//! panics is answered with an error; the server goes on.

use super::child_process::{Msg, RUNNING, STARTED};
use super::state::{Doc, Docs};
use super::worker::Worker;
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::{
    CodeActionParams, CompletionParams, DidChangeTextDocumentParams, DidCloseTextDocumentParams,
    DidOpenTextDocumentParams, DocumentSymbolParams, GotoDefinitionParams, HoverParams,
    InlayHintParams, ReferenceParams, TextDocumentContentChangeEvent, TextDocumentPositionParams,
};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::Sender;
use std::time::Instant;

/// Hover as the document is now; on a position, its value comes later
/// (`None`: see [`super::value`]).
fn hover_now(
    docs: &Docs,
    out: &crossbeam_channel::Sender<Message>,
    id: RequestId,
    p: &TextDocumentPositionParams,
) -> Option<Value> {
    let Ok(docs) = super::state::lock(docs) else {
        return Some(Value::Null);
    };
    let Some(doc) = docs.get(p.text_document.uri.as_str()) else {
        return Some(Value::Null);
    };
    let hover = super::features::hover(doc, p.position);
    let at = doc.lines.offset(p.position);
    let (Some(position), Some(h)) = (super::value::position_at(doc, at), &hover) else {
        return Some(json!(hover));
    };
    let lsp_types::HoverContents::Markup(about) = &h.contents else {
        return Some(json!(hover));
    };
    super::value::answer(doc, position, about.value.clone(), id, out.clone());
    None
}

pub struct Server {
    docs: Docs,
    workers: HashMap<String, Sender<Msg>>,
    out: crossbeam_channel::Sender<Message>,
    refresh: bool,
}

fn params<P: DeserializeOwned>(v: Value) -> Result<P, String> {
    serde_json::from_value(v).map_err(|e| format!("invalid parameters: {e}"))
}

impl Server {
    pub fn new(out: crossbeam_channel::Sender<Message>, refresh: bool) -> Server {
        Server {
            docs: Docs::default(),
            workers: HashMap::new(),
            out,
            refresh,
        }
    }

    pub fn notification(&mut self, n: Notification) {
        let done = catch_unwind(AssertUnwindSafe(|| self.notified(n)));
        if done.is_err() {
            eprintln!("mex lsp: internal error on a notification (please report it)");
        }
    }

    fn notified(&mut self, n: Notification) {
        match n.method.as_str() {
            "textDocument/didOpen" => {
                if let Ok(p) = params::<DidOpenTextDocumentParams>(n.params) {
                    let d = p.text_document;
                    self.set(d.uri, d.version, d.text);
                }
            }
            "textDocument/didChange" => {
                if let Ok(p) = params::<DidChangeTextDocumentParams>(n.params) {
                    let key = p.text_document.uri.as_str();
                    let text = self.edited(key, p.content_changes);
                    let d = p.text_document;
                    self.set(d.uri, d.version, text);
                }
            }
            "textDocument/didClose" => {
                if let Ok(p) = params::<DidCloseTextDocumentParams>(n.params) {
                    let key = p.text_document.uri.as_str().to_string();
                    if let Some(w) = self.workers.remove(&key) {
                        let _ = w.send(Msg::Stop);
                    }
                    if let Ok(mut docs) = super::state::lock(&self.docs) {
                        docs.remove(&key);
                    }
                }
            }
            _ => {}
        }
    }

    /// A document's text as it is now: kept, and run.
    fn set(&mut self, uri: lsp_types::Uri, version: i32, text: String) {
        let key = uri.as_str().to_string();
        let mut doc = Doc::new(uri, version, &text);
        if let Ok(mut docs) = super::state::lock(&self.docs) {
            if let Some(old) = docs.remove(&key) {
                doc.run = old.run;
                doc.waiting = old.waiting;
            }
            docs.insert(key.clone(), doc);
        }
        let worker = self.workers.entry(key.clone()).or_insert_with(|| {
            Worker {
                key,
                docs: self.docs.clone(),
                out: self.out.clone(),
                refresh: self.refresh,
            }
            .spawn()
        });
        let _ = worker.send(Msg::Job { version, text });
    }

    /// The text after the changes: each the whole text, or (where an
    /// editor sends them so) a range replaced.
    fn edited(&self, key: &str, changes: Vec<TextDocumentContentChangeEvent>) -> String {
        let mut text = match super::state::lock(&self.docs) {
            Ok(docs) => docs
                .get(key)
                .map(|d| d.lines.text.clone())
                .unwrap_or_default(),
            Err(_) => String::new(),
        };
        for change in changes {
            text = match change.range {
                None => change.text,
                Some(r) => {
                    let lines = super::text::Lines::new(&text);
                    let (from, to) = (lines.offset(r.start), lines.offset(r.end));
                    let mut t = lines.text;
                    t.replace_range(from..to.max(from), &change.text);
                    t
                }
            };
        }
        text
    }

    /// Stops every document's worker (and its run).
    pub fn close_all(&mut self) {
        for (_, w) in self.workers.drain() {
            let _ = w.send(Msg::Stop);
        }
    }

    pub fn request(&mut self, req: Request) {
        let id = req.id.clone();
        let answer = catch_unwind(AssertUnwindSafe(|| self.answer(req)));
        let response = match answer {
            Ok(Ok(Some(v))) => Response::new_ok(id, v),
            Ok(Ok(None)) => return, // answered later
            Ok(Err(e)) => Response::new_err(id, ErrorCode::InvalidParams as i32, e),
            Err(_) => Response::new_err(
                id,
                ErrorCode::InternalError as i32,
                "mex lsp: internal error (please report it with the document)".into(),
            ),
        };
        let _ = self.out.send(response.into());
    }

    /// The answer to a request, `None` when it will be answered later.
    fn answer(&mut self, req: Request) -> Result<Option<Value>, String> {
        use super::features as f;
        let p = req.params;
        let v = match req.method.as_str() {
            "textDocument/hover" => {
                let p: HoverParams = params(p)?;
                return Ok(self.hover(req.id, p));
            }
            "textDocument/completion" => {
                let p: CompletionParams = params(p)?;
                self.at(&p.text_document_position, |d, pos| {
                    json!(f::complete(d, pos))
                })
            }
            "textDocument/definition" => {
                let p: GotoDefinitionParams = params(p)?;
                self.at(&p.text_document_position_params, |d, pos| {
                    json!(f::definition(d, pos))
                })
            }
            "textDocument/references" => {
                let p: ReferenceParams = params(p)?;
                let with = p.context.include_declaration;
                self.at(&p.text_document_position, |d, pos| {
                    json!(f::references(d, pos, with))
                })
            }
            "textDocument/documentSymbol" => {
                let p: DocumentSymbolParams = params(p)?;
                self.with(p.text_document.uri.as_str(), |d| json!(f::symbols(d)))
            }
            "textDocument/codeAction" => {
                let p: CodeActionParams = params(p)?;
                let range = p.range;
                self.with(p.text_document.uri.as_str(), |d| {
                    json!(super::diagnostics::actions(d, range))
                })
            }
            "textDocument/inlayHint" => {
                let p: InlayHintParams = params(p)?;
                return Ok(self.inlay(req.id, p));
            }
            "mex/stats" => json!({
                "processes_started": STARTED.load(std::sync::atomic::Ordering::SeqCst),
                "processes_running": RUNNING.load(std::sync::atomic::Ordering::SeqCst),
                "documents": self.workers.len(),
            }),
            m => return Err(format!("mex lsp does not answer `{m}`")),
        };
        Ok(Some(v))
    }

    /// An answer from a document, `null` if it is not open.
    fn with(&self, key: &str, f: impl FnOnce(&Doc) -> Value) -> Value {
        let Ok(docs) = super::state::lock(&self.docs) else {
            return Value::Null;
        };
        docs.get(key).map_or(Value::Null, f)
    }

    fn at(
        &self,
        p: &TextDocumentPositionParams,
        f: impl FnOnce(&Doc, lsp_types::Position) -> Value,
    ) -> Value {
        self.with(p.text_document.uri.as_str(), |d| f(d, p.position))
    }

    /// Hover: on a position, its value, from a run of its own (answered
    /// later); elsewhere at once.
    /// What it says waits for the run of the text as it is (what a game
    /// runs as, the answers), as inlay hints do.
    fn hover(&mut self, id: RequestId, p: HoverParams) -> Option<Value> {
        let p = p.text_document_position_params;
        let key = p.text_document.uri.as_str().to_string();
        let ready = move |docs: &Docs| {
            super::state::lock(docs).map_or(true, |d| d.get(&key).is_none_or(Doc::ready))
        };
        if ready(&self.docs) {
            return hover_now(&self.docs, &self.out, id, &p);
        }
        let (docs, out) = (self.docs.clone(), self.out.clone());
        std::thread::spawn(move || {
            let until = Instant::now() + super::worker::wait();
            while !ready(&docs) && Instant::now() < until {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            if let Some(v) = hover_now(&docs, &out, id.clone(), &p) {
                let _ = out.send(Response::new_ok(id, v).into());
            }
        });
        None
    }

    /// Inlay hints: at once if the run of the text as it is has ended, else
    /// when it ends (or has taken too long: see the worker).
    fn inlay(&mut self, id: RequestId, p: InlayHintParams) -> Option<Value> {
        let key = p.text_document.uri.as_str();
        let Ok(mut docs) = super::state::lock(&self.docs) else {
            return Some(Value::Null);
        };
        let Some(doc) = docs.get_mut(key) else {
            return Some(Value::Null);
        };
        if doc.ready() {
            return Some(json!(super::hints::inlay(doc, p.range)));
        }
        doc.waiting.push((id, p.range, Instant::now()));
        None
    }
}
