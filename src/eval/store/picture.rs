//! The options of a Green Hackenbush picture, for `moves`, `explain`,
//! checks and misère play: one per edge cut, what falls away removed. Each
//! cut costs time linear in the picture, so listing them all costs its
//! square, counted against `set work` before it starts.

use super::Store;
use crate::engine::hackenbush::Picture;
use crate::eval::error::{EvalError, LimitError};
use crate::eval::value::{Game, Part};
use crate::ir::Setting;
use std::rc::Rc;

impl Store {
    /// Each edge's cut (an edge written twice gives one option), with the
    /// index of the edge cut.
    pub fn picture_options(&mut self, p: &Picture) -> Result<Vec<(usize, Game)>, EvalError> {
        let n = p.edges.len() as u128;
        let work = n.saturating_mul(n);
        if work > u128::from(self.limits.work) {
            return Err(EvalError::from(
                LimitError::new(
                    Setting::Work,
                    Some(work),
                    self.limits.work,
                    format!(
                        "listing the moves of a picture of {n} edges takes about {work} steps, past the limit of {} (`set work`)",
                        self.limits.work
                    ),
                )
                .then("allows it; `grundy` and `outcome` answer at once"),
            ));
        }
        let mut out = Vec::new();
        for i in 0..p.edges.len() {
            if p.edges[..i].contains(&p.edges[i]) {
                continue;
            }
            self.ticker.tick()?;
            let cut = p.cut(i);
            let game = if cut.edges.is_empty() {
                Game::zero()
            } else {
                Game::single(Part::Picture(Rc::new(cut)))
            };
            out.push((i, game));
        }
        Ok(out)
    }
}
