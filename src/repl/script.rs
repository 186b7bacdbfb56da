//! A script with REPL commands in it, as piped input may be: a session
//! typed at the prompt, saved and piped back (`mex < session.txt`). Lines
//! that start with `:` are commands; the lines between them run as
//! statements under the script's name, with their own line numbers.

use super::{Flow, Repl, Sink};

/// Whether a line is a command: `:` first (the language has no `:`).
fn is_command(line: &str) -> bool {
    line.trim_start().starts_with(':')
}

/// Whether a text has a command line, and so must run as a script of the
/// REPL rather than as a plain source.
pub fn has_commands(text: &str) -> bool {
    text.lines().any(is_command)
}

/// How a script run went.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Ran {
    /// The exit status of the contract for everything the script ran,
    /// `:load`ed files and commands included: 2 an error, 1 a failed check
    /// (an interruption is told apart).
    pub status: i32,
    pub interrupted: bool,
}

impl Repl {
    /// Runs a script whose lines may be commands. The statements between
    /// two commands run as one source named `name`, padded so that their
    /// line numbers are those of the script. `:quit` ends it.
    pub fn script(&mut self, name: &str, text: &str, sink: &mut dyn Sink) -> Ran {
        let before = std::mem::take(&mut self.status);
        self.stopped = false;
        let mut ran = Ran::default();
        let mut chunk = String::new();
        let mut line_no = 0;
        let mut lines = text.split_inclusive('\n').peekable();
        while lines.peek().is_some() {
            chunk.clear();
            chunk.extend(std::iter::repeat_n('\n', line_no));
            let mut statements = false;
            while let Some(line) = lines.next_if(|l| !is_command(l)) {
                chunk.push_str(line);
                line_no += 1;
                statements |= !line.trim().is_empty();
            }
            if statements && self.run_source(name, &chunk, sink).interrupted {
                ran.interrupted = true;
                break;
            }
            if let Some(command) = lines.next() {
                line_no += 1;
                self.inputs += 1;
                let flow = self.command(command.trim().trim_start_matches(':'), sink);
                if flow == Flow::Quit || self.stopped {
                    ran.interrupted = self.stopped;
                    break;
                }
            }
        }
        ran.status = self.status;
        self.status = self.status.max(before);
        ran
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{Event, Session};

    #[derive(Default)]
    struct Collect {
        out: Vec<String>,
        err: Vec<String>,
    }

    impl Sink for Collect {
        fn event(&mut self, event: Event) {
            let mut buf = Vec::new();
            let _ = event.write_text(&mut buf);
            self.out
                .push(String::from_utf8_lossy(&buf).trim_end().to_string());
        }
        fn error(&mut self, rendered: &str) {
            self.err.push(rendered.to_string());
        }
        fn say(&mut self, text: &str) {
            self.out.push(text.to_string());
        }
        fn note(&mut self, _: &str) {}
    }

    #[test]
    fn commands_between_statements_keep_line_numbers() {
        let text =
            "game k = octal 0.77\n:games\ngrundy k(3)\n\n:format json\ngrundy k(4)\ngrundy zz(1)\n";
        assert!(has_commands(text));
        let mut repl = Repl::new(Session::default());
        let mut sink = Collect::default();
        let ran = repl.script("<stdin>", text, &mut sink);
        assert_eq!(ran.status, 2);
        assert!(
            sink.out[0].contains("k") && sink.out[0].contains("0.77"),
            "{:?}",
            sink.out
        );
        assert_eq!(sink.out[1], "3");
        assert_eq!(
            sink.out[2], r#"{"command":"format","format":"json"}"#,
            "{:?}",
            sink.out
        );
        assert!(sink.out[3].contains("\"value\":1"), "{:?}", sink.out);
        // The error on line 7 of the script says line 7.
        let json = sink.out.iter().chain(&sink.err).find(|l| l.contains("zz"));
        assert!(
            json.is_some_and(|l| l.contains("\"line\":7")),
            "{sink:?}",
            sink = sink.out
        );
    }

    #[test]
    fn quit_ends_the_script_and_a_bad_command_is_an_error() {
        let mut repl = Repl::new(Session::default());
        let mut sink = Collect::default();
        let ran = repl.script(
            "<stdin>",
            ":nope\ngrundy nim(1)\n:q\ngrundy nim(2)\n",
            &mut sink,
        );
        assert_eq!(ran.status, 2);
        assert_eq!(sink.out, vec!["1"]);
        assert!(
            sink.err[0].contains("unknown command `:nope`"),
            "{:?}",
            sink.err
        );
        assert!(!has_commands("grundy nim(1)\n# :help in a comment\n"));
    }
}
