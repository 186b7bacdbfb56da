//! How a `:command` answers, in the session's format: as text, or in JSON
//! mode as one JSON object a line on standard output (with the answers),
//! so that a JSON run's standard output stays JSON Lines throughout.

use super::{Repl, Sink};
use crate::diag::ErrorKind;
use crate::render::Format;
use serde_json::{Value, json};

impl Repl {
    fn json(&self) -> bool {
        self.session.format() == Format::Json
    }

    /// A command's answer: `text`, or in JSON mode
    /// `{"command": NAME, "output": [lines]}`.
    pub(super) fn reply(&self, sink: &mut dyn Sink, command: &str, text: &str) {
        let lines: Vec<&str> = text.lines().collect();
        self.reply_with(sink, text, json!({ "command": command, "output": lines }));
    }

    /// A command's answer: `text`, or in JSON mode the object given.
    pub(super) fn reply_with(&self, sink: &mut dyn Sink, text: &str, object: Value) {
        if self.json() {
            sink.say(&object.to_string());
        } else {
            sink.say(text);
        }
    }

    /// A command that failed: `error: MESSAGE` on standard error, or in
    /// JSON mode `{"error": MESSAGE, "kind": KIND, "command": NAME}` with
    /// the answers. Either way the run's exit status becomes 2.
    pub(super) fn refuse(
        &mut self,
        sink: &mut dyn Sink,
        kind: ErrorKind,
        command: &str,
        message: &str,
    ) {
        self.status = 2;
        if self.json() {
            let object = json!({ "error": message, "kind": kind.as_str(), "command": command });
            sink.say(&object.to_string());
        } else {
            sink.error(&format!("error: {message}\n"));
        }
    }
}
