//! What running a source gives back, as plain data: results and
//! diagnostics as they are produced ([`Event`]), and the form they are
//! written in ([`Format`]). The session makes them; the renderers
//! (`crate::render`) write them; front ends move them to where they go.

/// How results and diagnostics are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// Lines for people; diagnostics on standard error with their source.
    #[default]
    Text,
    /// One JSON object a line, diagnostics too, all on standard output.
    Json,
}

impl Format {
    pub const NAMES: &'static [(&'static str, Format)] =
        &[("text", Format::Text), ("json", Format::Json)];

    pub fn named(name: &str) -> Option<Format> {
        Format::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, f)| *f)
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Json => "json",
        }
    }
}

/// A result as it is produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// One line of a result.
    Line(String),
    /// A graded `check`: its first line starts with `ok` or `FAIL`.
    Check { passed: bool, lines: Vec<String> },
    /// A piece of a nim-sequence as it is computed: the values of
    /// `from, from + 1, ...`; the first piece starts the answer, the last
    /// ends it (a sequence of 10^8 values is never held whole). Written in
    /// `format`.
    Values {
        from: u64,
        values: Vec<u64>,
        first: bool,
        last: bool,
        format: Format,
    },
    /// A picture: an SVG document (`plot` with no file). Written as its
    /// text to a pipe; the browser shows it; at a terminal, which cannot,
    /// the front end puts it in a file and says where (see
    /// `render::text::svg_filed`).
    Svg {
        svg: String,
        /// The game plotted (`nimsum` for its table), to name a file.
        game: String,
        /// What the plot shows, in words: `the nim-sequence of kayles for
        /// n = 0 to 119; no period marked`.
        about: String,
    },
    /// A diagnostic, rendered (see `Session::render`), reported in source
    /// order between the results: for standard error, or in JSON mode for
    /// standard output (`to_stdout`).
    Error { text: String, to_stdout: bool },
}
