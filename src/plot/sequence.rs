//! The nim-sequence as a plot: n across, the value up. Up to one value per
//! column of pixels each value is a dot; past that, each column shows the
//! values that occur among the heaps it covers, or where too many differ
//! the span from the least to the largest ([`Columns`]), so a plot of a
//! million values is as small as one of a thousand. A pre-period and a
//! period, when known, are shaded and named in the legend.

use super::{FONT, PlotError};
use plotters::prelude::*;

/// The size of the picture, in pixels.
pub const SIZE: (u32, u32) = (960, 540);
const MARGIN: u32 = 20;
const X_LABELS: u32 = 50;
const Y_LABELS: u32 = 64;
/// Columns of pixels in the plotting area: the most columns of values.
pub const COLUMNS: u64 = (SIZE.0 - 2 * MARGIN - Y_LABELS) as u64;

/// A column shows each value that occurs in it while there are at most
/// this many different ones; past that, the span from least to largest.
pub const DISTINCT: usize = 8;

/// The values of the heaps one column covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub min: u64,
    pub max: u64,
    /// The different values, sorted, while there are at most [`DISTINCT`];
    /// empty past that.
    pub values: Vec<u64>,
}

impl Column {
    fn new(v: u64) -> Self {
        Column {
            min: v,
            max: v,
            values: vec![v],
        }
    }

    fn add(&mut self, v: u64) {
        let many = self.values.is_empty();
        self.min = self.min.min(v);
        self.max = self.max.max(v);
        if many {
            return;
        }
        if let Err(at) = self.values.binary_search(&v) {
            if self.values.len() == DISTINCT {
                self.values = Vec::new();
            } else {
                self.values.insert(at, v);
            }
        }
    }
}

/// Gathers the values of heaps `from..from + count`, given in order, into
/// at most [`COLUMNS`] columns: column `i` covers the heaps from
/// `from + i * count / columns` on.
pub struct Columns {
    count: u64,
    columns: Vec<Column>,
    seen: u64,
}

impl Columns {
    pub fn new(count: u64) -> Self {
        Columns {
            count,
            columns: Vec::with_capacity(count.min(COLUMNS) as usize),
            seen: 0,
        }
    }

    /// How many columns the values go into.
    pub fn width(&self) -> u64 {
        self.count.min(COLUMNS)
    }

    /// Heaps a column covers, at most.
    pub fn per_column(&self) -> u64 {
        self.count.div_ceil(self.width().max(1))
    }

    /// The next heap's value.
    pub fn push(&mut self, v: u64) {
        let i = (u128::from(self.seen) * u128::from(self.width()) / u128::from(self.count.max(1)))
            as usize;
        self.seen += 1;
        match self.columns.get_mut(i) {
            Some(c) => c.add(v),
            None => self.columns.push(Column::new(v)),
        }
    }

    pub fn columns(&self) -> &[Column] {
        &self.columns
    }
}

/// A tick's label where it falls on a whole heap or value, else none.
fn whole_label(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-6 {
        super::int_label(x)
    } else {
        String::new()
    }
}

/// A pre-period and period to mark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marks {
    pub pre_period: u64,
    pub period: u64,
    /// How it is known: `proven`, `observed up to n = 4095`.
    pub how: String,
}

pub struct SequencePlot<'a> {
    pub title: String,
    /// The first heap and how many there are.
    pub from: u64,
    pub count: u64,
    /// As gathered by [`Columns`] over the same heaps.
    pub columns: &'a [Column],
    pub marks: Option<Marks>,
}

pub fn svg(p: &SequencePlot) -> Result<String, PlotError> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        let (main, strip) = root.split_vertically(SIZE.1 - LEGEND);
        let entries = draw(&main, p)?;
        legend(&strip, &entries)?;
        root.present()?;
    }
    Ok(out)
}

/// The height of the strip under the plot that holds the legend.
const LEGEND: u32 = 36;
const INK: RGBColor = RGBColor(200, 30, 40);
const PRE_PERIOD: RGBAColor = RGBAColor(0, 0, 0, 0.08);
const PERIOD: RGBAColor = RGBAColor(0, 0, 255, 0.16);

/// What the legend shows for one kind of mark.
enum Swatch {
    Band(RGBAColor),
    Dot,
    Stroke,
}

/// The chart a sequence is drawn on: heaps across, values up.
type Chart<'a, DB> = plotters::chart::ChartContext<
    'a,
    DB,
    plotters::coord::cartesian::Cartesian2d<
        plotters::coord::types::RangedCoordf64,
        plotters::coord::types::RangedCoordf64,
    >,
>;

/// Where the chart's plotting area lies, in heaps and values, and its
/// size in pixels.
struct Frame {
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
    pixels: (u32, u32),
}

/// Draws the plot; returns the legend's entries.
fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    p: &SequencePlot,
) -> Result<Vec<(Swatch, String)>, PlotError>
where
    DB::ErrorType: 'static,
{
    let (mut chart, frame) = axes(root, p)?;
    let mut entries = Vec::new();
    if let Some(m) = &p.marks {
        bands(&mut chart, &frame, p, m, &mut entries)?;
    }
    let width = p.columns.len().max(1) as u64;
    if p.count <= width {
        dots(&mut chart, p, &mut entries)?;
    } else {
        strokes(&mut chart, &frame, p, &mut entries)?;
    }
    Ok(entries)
}

/// The chart with its caption, axes and mesh drawn.
fn axes<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, plotters::coord::Shift>,
    p: &SequencePlot,
) -> Result<(Chart<'a, DB>, Frame), PlotError>
where
    DB::ErrorType: 'static,
{
    let top = p.columns.iter().map(|c| c.max).max().unwrap_or(0).max(1);
    let x0 = p.from as f64 - 0.5;
    let x1 = p.from as f64 + p.count.max(1) as f64 - 0.5;
    let (y0, y1) = (-0.5, top as f64 + 0.5);
    // As many labels across as fit side by side, and no more than heaps.
    let digits = (p.from + p.count).to_string().len() as u64;
    let x_labels = (COLUMNS / (digits * 8 + 24))
        .clamp(2, 12)
        .min(p.count.max(1)) as usize;
    let mut chart = ChartBuilder::on(root)
        .caption(&p.title, (FONT, 22))
        .margin(MARGIN)
        .margin_bottom(0)
        .x_label_area_size(X_LABELS)
        .y_label_area_size(Y_LABELS)
        .build_cartesian_2d(x0..x1, y0..y1)?;
    chart
        .configure_mesh()
        .x_desc("n")
        .y_desc("G(n)")
        .x_label_formatter(&whole_label)
        .y_label_formatter(&whole_label)
        .y_labels((top as usize + 1).min(12))
        .x_labels(x_labels)
        .disable_x_mesh()
        .light_line_style(WHITE)
        .label_style((FONT, 14))
        .axis_desc_style((FONT, 16))
        .draw()?;
    let pixels = chart.plotting_area().dim_in_pixel();
    Ok((
        chart,
        Frame {
            x0,
            x1,
            y0,
            y1,
            pixels,
        },
    ))
}

/// Shades the pre-period and the first whole period in the range.
fn bands<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    frame: &Frame,
    p: &SequencePlot,
    m: &Marks,
    entries: &mut Vec<(Swatch, String)>,
) -> Result<(), PlotError>
where
    DB::ErrorType: 'static,
{
    let Frame { x0, x1, y0, y1, .. } = *frame;
    // Bands at least two pixels wide, so a pre-period of 71 still
    // shows among a million heaps.
    let px = (x1 - x0) / f64::from(frame.pixels.0.max(1));
    let band = |a: f64, b: f64| {
        let b = b.min(x1).max((a + 2.0 * px).min(x1));
        (a, b)
    };
    if m.pre_period > p.from {
        let (a, b) = band(x0, m.pre_period as f64 - 0.5);
        chart.draw_series([Rectangle::new([(a, y0), (b, y1)], PRE_PERIOD.filled())])?;
        entries.push((
            Swatch::Band(PRE_PERIOD),
            format!("pre-period {}", m.pre_period),
        ));
    }
    // One period shaded: the first whole one in the range, counted
    // from the pre-period.
    let first = if p.from <= m.pre_period {
        Some(m.pre_period)
    } else {
        (p.from - m.pre_period)
            .div_ceil(m.period.max(1))
            .checked_mul(m.period)
            .and_then(|k| k.checked_add(m.pre_period))
    };
    let last = p.from + (p.count.max(1) - 1);
    if let Some(first) = first.filter(|&f| f <= last) {
        let (a, b) = band(
            first as f64 - 0.5,
            first.saturating_add(m.period) as f64 - 0.5,
        );
        chart.draw_series([Rectangle::new([(a, y0), (b, y1)], PERIOD.filled())])?;
        entries.push((
            Swatch::Band(PERIOD),
            format!("period {} ({})", m.period, m.how),
        ));
    }
    Ok(())
}

/// One value a column: a dot each, joined by a faint line while there
/// is room to follow it.
fn dots<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    p: &SequencePlot,
    entries: &mut Vec<(Swatch, String)>,
) -> Result<(), PlotError>
where
    DB::ErrorType: 'static,
{
    let points: Vec<(f64, f64)> = p
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| ((p.from + i as u64) as f64, c.max as f64))
        .collect();
    if p.count <= 200 {
        chart.draw_series(LineSeries::new(points.iter().copied(), INK.mix(0.25)))?;
    }
    let r = match p.count {
        0..=100 => 3,
        101..=300 => 2,
        _ => 1,
    };
    chart.draw_series(points.iter().map(|&xy| Circle::new(xy, r, INK.filled())))?;
    entries.push((Swatch::Dot, "G(n)".into()));
    Ok(())
}

/// Many values a column: each value that occurs in a column is a mark a
/// pixel and a half high, and a value that occurs in neighbouring columns
/// one stroke; where too many values differ, a bar spans them.
fn strokes<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    frame: &Frame,
    p: &SequencePlot,
    entries: &mut Vec<(Swatch, String)>,
) -> Result<(), PlotError>
where
    DB::ErrorType: 'static,
{
    let width = p.columns.len().max(1) as u64;
    let half = 0.75 * (frame.y1 - frame.y0) / f64::from(frame.pixels.1.max(1));
    let step = p.count as f64 / width as f64;
    let left = |i: usize| frame.x0 + i as f64 * step;
    let mark = |a: usize, b: usize, lo: u64, hi: u64| {
        Rectangle::new(
            [(left(a), lo as f64 - half), (left(b), hi as f64 + half)],
            INK.filled(),
        )
    };
    let mut marks = Vec::new();
    // The values seen in the columns just before, with the column
    // where each run began.
    let mut open: Vec<(u64, usize)> = Vec::new();
    for (i, c) in p.columns.iter().enumerate() {
        open.retain(|&(v, start)| {
            let goes_on = c.values.binary_search(&v).is_ok();
            if !goes_on {
                marks.push(mark(start, i, v, v));
            }
            goes_on
        });
        for &v in &c.values {
            if !open.iter().any(|&(w, _)| w == v) {
                open.push((v, i));
            }
        }
        if c.values.is_empty() {
            marks.push(mark(i, i + 1, c.min, c.max));
        }
    }
    for (v, start) in open {
        marks.push(mark(start, p.columns.len(), v, v));
    }
    chart.draw_series(marks)?;
    entries.push((
        Swatch::Stroke,
        format!(
            "G(n): the values among each {} heaps (a bar where more than {DISTINCT} differ)",
            p.count.div_ceil(width)
        ),
    ));
    Ok(())
}

/// The legend, in a row under the plot.
fn legend<DB: DrawingBackend>(
    strip: &DrawingArea<DB, plotters::coord::Shift>,
    entries: &[(Swatch, String)],
) -> Result<(), PlotError>
where
    DB::ErrorType: 'static,
{
    let style = (FONT, 14).into_font().color(&BLACK);
    let mut x = (MARGIN + Y_LABELS) as i32;
    let y = (LEGEND / 2) as i32;
    for (swatch, text) in entries {
        match swatch {
            Swatch::Band(c) => {
                strip.draw(&Rectangle::new([(x, y - 7), (x + 18, y + 7)], c.filled()))?
            }
            Swatch::Dot => strip.draw(&Circle::new((x + 9, y), 3, INK.filled()))?,
            Swatch::Stroke => {
                strip.draw(&Rectangle::new([(x, y - 1), (x + 18, y + 1)], INK.filled()))?
            }
        }
        strip.draw(&Text::new(text.clone(), (x + 24, y - 7), style.clone()))?;
        // About 6.5 pixels a character at this size, and a gap.
        x += 24 + 13 * text.chars().count() as i32 / 2 + 28;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_cover_every_value_once() {
        let mut c = Columns::new(10);
        for v in [3, 1, 4, 1, 5, 9, 2, 6, 5, 3] {
            c.push(v);
        }
        assert_eq!(c.width(), 10);
        assert_eq!(c.columns().len(), 10);
        assert_eq!(c.columns()[5], Column::new(9));

        let n = COLUMNS * 3 + 1;
        let mut c = Columns::new(n);
        for v in 0..n {
            c.push(v);
        }
        assert_eq!(c.columns().len() as u64, COLUMNS);
        assert_eq!(c.columns()[0].min, 0);
        assert_eq!(c.columns().last().unwrap().max, n - 1);
        // neighbouring columns meet without a gap or an overlap
        for w in c.columns().windows(2) {
            assert_eq!(w[0].max + 1, w[1].min);
        }
        // four values a column: each is kept
        assert_eq!(c.columns()[0].values, vec![0, 1, 2, 3]);
    }

    #[test]
    fn a_column_with_many_values_keeps_its_span() {
        let mut c = Column::new(5);
        for v in [1, 5, 3, 1] {
            c.add(v);
        }
        assert_eq!(c.values, vec![1, 3, 5]);
        for v in 10..20 {
            c.add(v);
        }
        assert!(c.values.is_empty());
        assert_eq!((c.min, c.max), (1, 19));
        c.add(0);
        assert!(c.values.is_empty());
        assert_eq!(c.min, 0);
    }

    #[test]
    fn the_plotting_area_has_a_pixel_per_column() {
        let mut out = String::new();
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        let chart = ChartBuilder::on(&root)
            .caption("t", (FONT, 22))
            .margin(MARGIN)
            .margin_bottom(0)
            .x_label_area_size(X_LABELS)
            .y_label_area_size(Y_LABELS)
            .build_cartesian_2d(0.0..1.0, 0.0..1.0)
            .unwrap();
        assert_eq!(u64::from(chart.plotting_area().dim_in_pixel().0), COLUMNS);
    }
}
