//! Long lines cut down for display: a diagnostic on a line 100k
//! characters long shows a window of the line around what it points at,
//! marked `…` where text was left out, instead of the whole line (three
//! times over, with the rows of the caret and the label).

use std::ops::Range;

/// The most characters of a line shown around what a diagnostic points at.
pub const WIDE: usize = 160;
/// How many characters of a cut line are shown before the point.
const BEFORE: usize = 40;
const CUT: &str = "…";

/// A source with its long lines cut, and how to find an offset of the
/// original text in it. Lines keep their numbers: only their text changes.
pub struct View {
    pub text: String,
    /// Per line of the original: where it starts, the window of it that is
    /// kept (original offsets), and where that window starts in `text`.
    lines: Vec<Line>,
}

struct Line {
    start: usize,
    keep: Range<usize>,
    at: usize,
}

impl View {
    /// The view of `text` for a diagnostic whose spans have these ends,
    /// or `None` when every line they touch is short enough to show whole.
    #[cfg(test)]
    pub fn of(text: &str, points: &[usize]) -> Option<View> {
        let starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        View::with_lines(text, &starts, points)
    }

    /// As [`View::of`], with the starts of the lines of `text` known. Only
    /// the lines the points are on are kept (the others are left empty, so
    /// lines keep their numbers): the view is made in time that grows with
    /// the number of lines, not with their length.
    pub fn with_lines(text: &str, starts: &[usize], points: &[usize]) -> Option<View> {
        let end_of = |i: usize| starts.get(i + 1).map_or(text.len(), |s| s - 1);
        let line_of = |p: usize| starts.partition_point(|&s| s <= p).saturating_sub(1);
        let long = |i: usize| text[starts[i]..end_of(i)].chars().count() > WIDE;
        if !points.iter().any(|&p| long(line_of(p))) {
            return None;
        }
        let mut out = String::new();
        let mut lines = Vec::with_capacity(starts.len());
        for (i, &start) in starts.iter().enumerate() {
            let end = end_of(i);
            // The window of a long line starts a little before the first
            // point on it; a line with no point keeps nothing (it is not
            // shown).
            let keep = match points.iter().filter(|&&p| line_of(p) == i).min() {
                None => start..start,
                Some(_) if !long(i) => start..end,
                Some(&p) => window(&text[start..end], p - start, start),
            };
            let shown = !keep.is_empty();
            if shown && keep.start > start {
                out.push_str(CUT);
            }
            let at = out.len();
            out.push_str(&text[keep.clone()]);
            if shown && keep.end < end {
                out.push_str(CUT);
            }
            if i + 1 < starts.len() {
                out.push('\n');
            }
            lines.push(Line { start, keep, at });
        }
        Some(View { text: out, lines })
    }

    /// Where an offset of the original text is in the view (an offset
    /// outside the kept window of its line goes to the window's edge).
    pub fn place(&self, offset: usize) -> usize {
        let i = self
            .lines
            .partition_point(|l| l.start <= offset)
            .saturating_sub(1);
        let Some(l) = self.lines.get(i) else {
            return self.text.len();
        };
        let o = offset.clamp(l.keep.start, l.keep.end);
        l.at + (o - l.keep.start)
    }

    pub fn range(&self, r: &Range<usize>) -> Range<usize> {
        let start = self.place(r.start);
        start..self.place(r.end).max(start)
    }
}

/// The window of a long line (starting at `base` in the text) kept around
/// the point `p` (an offset into the line): char boundaries, at most
/// [`WIDE`] characters.
fn window(line: &str, p: usize, base: usize) -> Range<usize> {
    let bounds: Vec<usize> = line
        .char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(line.len()))
        .collect();
    let at = bounds.partition_point(|&b| b < p).min(bounds.len() - 1);
    let from = at.saturating_sub(BEFORE);
    let to = (from + WIDE).min(bounds.len() - 1);
    base + bounds[from]..base + bounds[to]
}

/// The column (from 1, in characters) of an offset in its line of `text`.
pub fn column(text: &str, offset: usize) -> usize {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    text.get(start..offset).map_or(1, |s| s.chars().count() + 1)
}

/// The line number (from 1) of an offset of `text`.
pub fn line_number(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lines_are_shown_whole() {
        assert!(View::of("grundy nim(3)\n", &[7, 13]).is_none());
    }

    #[test]
    fn a_long_line_keeps_a_window_around_the_point() {
        let line = format!(
            "{}foo(2){}",
            "nim(1) + ".repeat(1000),
            " + nim(1)".repeat(1000)
        );
        let text = format!("grundy 1\n{line}\ngrundy 2\n");
        let at = text.find("foo").unwrap();
        let view = View::of(&text, &[at, at + 3]).unwrap();
        let shown: Vec<&str> = view.text.lines().collect();
        assert_eq!(shown.len(), 3);
        // lines with no point are not shown: they are kept empty
        assert_eq!(shown[0], "");
        assert_eq!(shown[2], "");
        assert!(shown[1].starts_with(CUT) && shown[1].ends_with(CUT));
        assert!(shown[1].chars().count() <= WIDE + 2);
        let r = view.range(&(at..at + 3));
        assert_eq!(&view.text[r], "foo");
        assert_eq!(column(&view.text, view.place(at)), BEFORE + 2);
    }

    #[test]
    fn windows_end_on_char_boundaries() {
        let text = "é".repeat(500);
        let view = View::of(&text, &[600]).unwrap();
        assert!(view.text.chars().count() <= WIDE + 2);
        assert!(view.text.is_char_boundary(view.place(600)));
    }
}
