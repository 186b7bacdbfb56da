//! Plots as SVG text, drawn with plotters: a nim-sequence ([`sequence`])
//! and a heat map of a two-parameter game ([`heat`]). This module knows
//! nothing of games: callers hand it the values, already gathered so that
//! a plot stays small however many values it covers.

pub mod heat;
pub mod sequence;

use plotters::prelude::*;

/// The font of every text in a plot (the SVG names it; viewers choose).
const FONT: &str = "sans-serif";

/// Why a plot could not be drawn (the plotting crate's own words).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlotError(pub String);

impl<E: std::error::Error + Send + Sync> From<DrawingAreaErrorKind<E>> for PlotError {
    fn from(e: DrawingAreaErrorKind<E>) -> Self {
        PlotError(e.to_string())
    }
}

/// An integer tick label: `12`, not `12.0`.
fn int_label(x: &f64) -> String {
    format!("{}", x.round() as i128)
}

/// A colour of the viridis scale for `v` out of `0..=max`.
fn scale_colour(v: u64, max: u64) -> RGBColor {
    use plotters::style::colors::colormaps::{ColorMap, ViridisRGB};
    ViridisRGB.get_color_normalized(v as f64, 0.0, max.max(1) as f64)
}
