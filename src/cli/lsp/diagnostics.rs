//! The run's diagnostics as the editor shows them (each with its range,
//! its label, hint and notes as related information), and the quick fixes
//! of those whose hint is a replacement.

use super::record::Diag;
use super::state::Doc;
use super::text::Lines;
use lsp_server::Notification;
use lsp_types::{
    CodeAction, CodeActionKind, DiagnosticRelatedInformation, DiagnosticSeverity, Location,
    PublishDiagnosticsParams, TextEdit, Uri, WorkspaceEdit,
};
use std::collections::HashMap;

/// `textDocument/publishDiagnostics` with what the run found so far.
pub fn publish(doc: &Doc) -> Notification {
    let diagnostics = doc
        .run
        .diags
        .iter()
        .map(|d| diagnostic(&doc.uri, &doc.lines, d))
        .collect();
    let params = PublishDiagnosticsParams {
        uri: doc.uri.clone(),
        diagnostics,
        version: Some(doc.version),
    };
    Notification::new("textDocument/publishDiagnostics".into(), params)
}

pub fn diagnostic(uri: &Uri, lines: &Lines, d: &Diag) -> lsp_types::Diagnostic {
    let at = |s: usize, e: usize, message: String| DiagnosticRelatedInformation {
        location: Location::new(uri.clone(), lines.range(s, e)),
        message,
    };
    let mut related = Vec::new();
    if !d.label.is_empty() {
        related.push(at(d.start, d.end, d.label.clone()));
    }
    if let Some(h) = &d.hint {
        related.push(at(d.start, d.end, format!("hint: {h}")));
    }
    for (s, e, l) in &d.secondary {
        related.push(at(*s, *e, l.clone()));
    }
    for n in &d.notes {
        related.push(at(d.start, d.end, format!("note: {n}")));
    }
    let mut message = d.message.clone();
    if let Some(h) = &d.hint {
        message.push_str(&format!("\nhint: {h}"));
    }
    lsp_types::Diagnostic {
        range: lines.range(d.start, d.end),
        severity: Some(DiagnosticSeverity::ERROR),
        code: Some(lsp_types::NumberOrString::String(d.kind.clone())),
        source: Some("mex".into()),
        message,
        related_information: Some(related),
        // the quick fix, for a client that reads it from here
        data: d.fix.as_ref().map(|(s, e, text)| {
            serde_json::json!({ "fix": { "range": lines.range(*s, *e), "newText": text } })
        }),
        ..Default::default()
    }
}

/// The quick fixes of the diagnostics that touch `range`.
// (a `Uri` keys a map of edits, as the protocol has it)
#[allow(clippy::mutable_key_type)]
pub fn actions(doc: &Doc, range: lsp_types::Range) -> Vec<CodeAction> {
    let (from, to) = (doc.lines.offset(range.start), doc.lines.offset(range.end));
    let mut out = Vec::new();
    if doc.run.version != doc.version {
        return out; // the places are those of another text
    }
    for d in &doc.run.diags {
        let Some((s, e, text)) = &d.fix else {
            continue;
        };
        if d.end < from || d.start > to || *e > doc.lines.text.len() {
            continue;
        }
        let edit = TextEdit::new(doc.lines.range(*s, *e), text.clone());
        let changes = HashMap::from([(doc.uri.clone(), vec![edit])]);
        let title = match text.is_empty() {
            true => format!(
                "Remove `{}`",
                doc.lines.text.get(*s..*e).unwrap_or("").trim()
            ),
            false => format!("Write `{text}`"),
        };
        out.push(CodeAction {
            title,
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![diagnostic(&doc.uri, &doc.lines, d)]),
            edit: Some(WorkspaceEdit {
                changes: Some(changes),
                ..Default::default()
            }),
            is_preferred: Some(true),
            ..Default::default()
        });
    }
    out
}
