//! `genus G`: the game's components as the misère engine's items, their
//! genus found by the recursion of [`crate::engine::misere::genus`], and
//! Nim arithmetic where every component is tame throughout.

use super::GenusAnswer;
use super::misere::Misere;
use crate::engine::misere::Item;
use crate::engine::misere::genus::{Bounds, Genus, search};
use crate::eval::error::LimitError;
use crate::eval::{Defs, EvalError, Game, Store};
use crate::ir::Setting;

/// `genus G`.
pub fn genus(defs: &Defs, store: &mut Store, g: &Game) -> Result<GenusAnswer, EvalError> {
    let limit = store.limits.positions;
    let work = store.limits.work;
    let bounds = Bounds {
        positions: limit,
        work,
        memory: store.limits.memory,
    };
    let mut m = Misere::new(defs, store);
    let mut items = m.items(g)?;
    items.retain(|&x| x != Item::Nim(0));
    items.sort_unstable();
    let too_many = || {
        // (the search does not say which bound it met: the facts name the
        // first of them, positions)
        EvalError::from(
            LimitError::new(
                Setting::Positions,
                Some(limit.saturating_mul(10)),
                limit,
                format!(
                    "the genus of {} needs more than {limit} positions, {work} steps of work or {} of memory",
                    super::show::game(defs, g),
                    crate::diag::units::show_bytes(bounds.memory)
                ),
            )
            .then_right_after(format!(
                ", `set work {}` and `set memory` raise the limits",
                work.saturating_mul(10)
            )),
        )
    };
    let mut options = |x: Item| m.item_options(x);
    // components one by one: when all are tame throughout, Nim arithmetic
    if items.len() > 1 {
        let mut heaps = Vec::new();
        let mut all = true;
        for &x in &items {
            let c = search(vec![x], &mut options, bounds, too_many)?;
            match c.nim_position() {
                Some(h) if c.tame_all => heaps.extend(h),
                _ => {
                    all = false;
                    break;
                }
            }
        }
        if all {
            let n = Genus::of_nim(&heaps);
            return Ok(GenusAnswer {
                normal: n.normal,
                misere: n.seq,
                tame: true,
                arithmetic: true,
            });
        }
    }
    let r = search(items, &mut options, bounds, too_many)?;
    Ok(GenusAnswer {
        normal: r.normal,
        tame: r.tame(),
        misere: r.seq.clone(),
        arithmetic: false,
    })
}
