//! A two-parameter game as a heat map: columns across, rows down as in a
//! `table`, each square coloured by its value on the viridis scale, with
//! the scale beside it. Past [`SQUARES`] rows or columns, each square
//! stands for a block of cells and shows the largest value in it ([`Blocks`]).

use super::{FONT, PlotError, int_label, scale_colour};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The most squares along either side.
pub const SQUARES: u64 = 80;
/// The longer side of the map, in pixels.
const SIDE: u32 = 600;
const MARGIN: u32 = 20;
const LABELS: u32 = 56;
/// The width of the colour scale with its labels.
const SCALE: u32 = 110;

/// Gathers the cells of `rows x cols` into at most [`SQUARES`] x
/// [`SQUARES`] blocks, each keeping its largest value.
pub struct Blocks {
    pub block: (u64, u64),
    pub grid: Vec<Vec<u64>>,
}

impl Blocks {
    pub fn new(rows: u64, cols: u64) -> Self {
        let block = (rows.div_ceil(SQUARES).max(1), cols.div_ceil(SQUARES).max(1));
        let (nr, nc) = (rows.div_ceil(block.0), cols.div_ceil(block.1));
        Blocks {
            block,
            grid: vec![vec![0; nc as usize]; nr as usize],
        }
    }

    /// The value of the cell at (`r`, `c`), counted from the first row and column.
    pub fn push(&mut self, r: u64, c: u64, v: u64) {
        let cell = &mut self.grid[(r / self.block.0) as usize][(c / self.block.1) as usize];
        *cell = (*cell).max(v);
    }
}

pub struct HeatMap<'a> {
    pub title: String,
    /// What the rows and the columns stand for.
    pub row_param: String,
    pub col_param: String,
    /// The first row and column, and how many of each.
    pub rows: (u64, u64),
    pub cols: (u64, u64),
    pub blocks: &'a Blocks,
}

/// The picture's size for a map of `rows` x `cols` cells: squares stay square.
pub fn size(rows: u64, cols: u64) -> (u32, u32) {
    let (r, c) = (rows.clamp(1, SQUARES) as f64, cols.clamp(1, SQUARES) as f64);
    let long = r.max(c);
    let w = ((f64::from(SIDE) * c / long) as u32).max(160);
    let h = ((f64::from(SIDE) * r / long) as u32).max(160);
    (
        w + 2 * MARGIN + LABELS + SCALE,
        h + 2 * MARGIN + LABELS + 40,
    )
}

pub fn svg(h: &HeatMap) -> Result<String, PlotError> {
    let mut out = String::new();
    {
        let size = size(h.rows.1, h.cols.1);
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        root.fill(&WHITE)?;
        let (map, scale) = root.split_horizontally(size.0 - SCALE);
        let top = h.blocks.grid.iter().flatten().copied().max().unwrap_or(0);
        draw_map(&map, h, top)?;
        draw_scale(&scale, top)?;
        root.present()?;
    }
    Ok(out)
}

fn draw_map<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    h: &HeatMap,
    top: u64,
) -> Result<(), PlotError>
where
    DB::ErrorType: 'static,
{
    let (r0, rn) = h.rows;
    let (c0, cn) = h.cols;
    let x = (c0 as f64 - 0.5)..(c0 as f64 + cn as f64 - 0.5);
    // Rows go down, as in a table: row r is drawn at y = -r.
    let y = (-(r0 as f64) - rn as f64 + 0.5)..(-(r0 as f64) + 0.5);
    let mut chart = ChartBuilder::on(area)
        .caption(&h.title, (FONT, 22))
        .margin(MARGIN)
        .x_label_area_size(LABELS)
        .y_label_area_size(LABELS)
        .build_cartesian_2d(x, y)?;
    let neg = |v: &f64| int_label(&-v);
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(format!("{} (columns)", h.col_param))
        .y_desc(format!("{} (rows)", h.row_param))
        .x_label_formatter(&int_label)
        .y_label_formatter(&neg)
        .x_labels((cn as usize).min(12))
        .y_labels((rn as usize).min(12))
        .label_style((FONT, 14))
        .axis_desc_style((FONT, 16))
        .draw()?;
    let (bh, bw) = h.blocks.block;
    let mut squares = Vec::new();
    for (i, row) in h.blocks.grid.iter().enumerate() {
        // in f64: a range may end at u64::MAX
        let top_y = -(r0 as f64 + (i as u64 * bh) as f64) + 0.5;
        let bottom_y = -(r0 as f64 + ((i as u64 + 1) * bh).min(rn) as f64) + 0.5;
        // A run of equal squares in a row is one rectangle.
        let mut j = 0;
        while j < row.len() {
            let mut k = j;
            while k + 1 < row.len() && row[k + 1] == row[j] {
                k += 1;
            }
            let left = c0 as f64 + (j as u64 * bw) as f64 - 0.5;
            let right = c0 as f64 + ((k as u64 + 1) * bw).min(cn) as f64 - 0.5;
            squares.push(Rectangle::new(
                [(left, top_y), (right, bottom_y)],
                scale_colour(row[j], top).filled(),
            ));
            j = k + 1;
        }
    }
    chart.draw_series(squares)?;
    // The values themselves, where each cell has a square big enough.
    let (w, _) = chart.plotting_area().dim_in_pixel();
    let cell = f64::from(w) / cn as f64;
    if h.blocks.block == (1, 1) && cell >= 22.0 && top < 1000 {
        let size = (cell * 0.45).min(18.0);
        let labels = h.blocks.grid.iter().enumerate().flat_map(|(i, row)| {
            row.iter().enumerate().map(move |(j, &v)| {
                let ink = if (v as f64) < 0.6 * top.max(1) as f64 {
                    WHITE
                } else {
                    BLACK
                };
                Text::new(
                    v.to_string(),
                    (c0 as f64 + j as f64, -(r0 as f64 + i as f64)),
                    (FONT, size)
                        .into_font()
                        .color(&ink)
                        .pos(Pos::new(HPos::Center, VPos::Center)),
                )
            })
        });
        chart.draw_series(labels)?;
    }
    Ok(())
}

/// The colour scale: one step a value (at most 256 steps), labelled.
fn draw_scale<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    top: u64,
) -> Result<(), PlotError>
where
    DB::ErrorType: 'static,
{
    let mut chart = ChartBuilder::on(area)
        .margin_top(MARGIN + 40)
        .margin_bottom(MARGIN + LABELS)
        .margin_right(MARGIN + 24)
        .y_label_area_size(48)
        .build_cartesian_2d(0.0..1.0, -0.5..top as f64 + 0.5)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_desc("value")
        .y_label_formatter(&int_label)
        .y_labels((top as usize + 1).min(10))
        .label_style((FONT, 14))
        .axis_desc_style((FONT, 14))
        .draw()?;
    let steps = top.min(255) + 1;
    let step = (top as f64 + 1.0) / steps as f64;
    chart.draw_series((0..steps).map(|s| {
        let low = -0.5 + s as f64 * step;
        let v = ((low + 0.5 + step / 2.0).floor() as u64).min(top);
        Rectangle::new(
            [(0.0, low), (1.0, low + step)],
            scale_colour(v, top).filled(),
        )
    }))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_keep_the_largest_value() {
        let mut b = Blocks::new(4, 4);
        assert_eq!(b.block, (1, 1));
        b.push(3, 2, 7);
        assert_eq!(b.grid[3][2], 7);

        let n = SQUARES * 2 + 1;
        let mut b = Blocks::new(n, 5);
        assert_eq!(b.block, (3, 1));
        assert_eq!(b.grid.len() as u64, n.div_ceil(3));
        b.push(0, 0, 2);
        b.push(2, 0, 9);
        b.push(1, 0, 4);
        assert_eq!(b.grid[0][0], 9);
    }

    #[test]
    fn squares_stay_square() {
        let (w, h) = size(8, 8);
        assert_eq!(w - SCALE - LABELS, h - LABELS - 40);
        let (w, h) = size(4, 100);
        assert!(w > h);
    }
}
