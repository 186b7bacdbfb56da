//! Places in a document: byte offsets into the text as the session reads
//! it (without a byte-order mark, every line break a `\n`) and the
//! editor's positions (a line, and UTF-16 units into it).

use lsp_types::{Position, Range};

pub struct Lines {
    /// The text as the session reads it.
    pub text: String,
    starts: Vec<usize>,
    /// The editor's text starts with a byte-order mark (one unit more on
    /// its first line).
    bom: bool,
}

impl Lines {
    pub fn new(editor_text: &str) -> Lines {
        let text = mex::session::normalized(editor_text).into_owned();
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines {
            text,
            starts,
            bom: editor_text.starts_with('\u{feff}'),
        }
    }

    /// The line a byte is on (0-based).
    pub fn line_of(&self, at: usize) -> usize {
        self.starts.partition_point(|&s| s <= at).saturating_sub(1)
    }

    /// The text of a line, without its line break.
    pub fn line(&self, line: usize) -> &str {
        let Some(&s) = self.starts.get(line) else {
            return "";
        };
        let e = self
            .starts
            .get(line + 1)
            .map_or(self.text.len(), |&e| e - 1);
        &self.text[s..e.max(s)]
    }

    pub fn line_start(&self, line: usize) -> usize {
        self.starts.get(line).copied().unwrap_or(self.text.len())
    }

    /// The editor's position of a byte offset.
    pub fn position(&self, at: usize) -> Position {
        let at = self.floor(at.min(self.text.len()));
        let line = self.line_of(at);
        let units: usize = self.text[self.starts[line]..at]
            .chars()
            .map(char::len_utf16)
            .sum();
        let bom = usize::from(self.bom && line == 0);
        Position::new(line as u32, (units + bom) as u32)
    }

    pub fn range(&self, start: usize, end: usize) -> Range {
        Range::new(self.position(start), self.position(end.max(start)))
    }

    /// The byte offset of an editor's position (the end of its line when
    /// it is past it).
    pub fn offset(&self, p: Position) -> usize {
        let line = p.line as usize;
        if line >= self.starts.len() {
            return self.text.len();
        }
        let bom = usize::from(self.bom && line == 0);
        let mut left = (p.character as usize).saturating_sub(bom);
        let start = self.starts[line];
        for (i, c) in self.line(line).char_indices() {
            if left == 0 {
                return start + i;
            }
            left = left.saturating_sub(c.len_utf16());
        }
        start + self.line(line).len()
    }

    /// The offset, moved back to the start of its character.
    fn floor(&self, mut at: usize) -> usize {
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        at
    }

    /// The word (a name or keyword) at an offset, and where it is.
    pub fn word_at(&self, at: usize) -> Option<(std::ops::Range<usize>, &str)> {
        let at = self.floor(at.min(self.text.len()));
        let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '\'';
        let start = self.text[..at]
            .char_indices()
            .rev()
            .take_while(|(_, c)| is_word(*c))
            .last()
            .map_or(at, |(i, _)| i);
        let end = at
            + self.text[at..]
                .find(|c: char| !is_word(c))
                .unwrap_or(self.text.len() - at);
        let word = &self.text[start..end];
        let first = word.chars().next()?;
        (first.is_ascii_alphabetic() || first == '_').then_some((start..end, word))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_and_round_trip() {
        let l = Lines::new("game k = octal 0.77\r\ngrundy ∗3 + 𝔸\n");
        assert_eq!(l.line(1), "grundy ∗3 + 𝔸");
        let p = l.position(l.text.find('3').unwrap());
        assert_eq!((p.line, p.character), (1, 8));
        let end = l.position(l.text.len() - 1);
        assert_eq!(end.character, 14, "𝔸 is two UTF-16 units");
        for at in [0, 5, 20, 27, l.text.len()] {
            assert_eq!(l.offset(l.position(at)), at);
        }
        assert_eq!(l.word_at(1).map(|w| w.1), Some("game"));
        assert_eq!(l.word_at(9).map(|w| w.1), Some("octal"));
    }

    #[test]
    fn a_byte_order_mark_is_one_unit_on_the_first_line() {
        let l = Lines::new("\u{feff}grundey nim(3)");
        assert_eq!(l.position(0).character, 1);
        assert_eq!(l.offset(Position::new(0, 1)), 0);
    }
}
