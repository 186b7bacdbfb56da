//! Games whose positions can repeat: the generalized Sprague–Grundy
//! function of a finite directed graph (Smith 1966; Fraenkel & Yesha 1986).
//!
//! **The values.** Each position u gets γ(u), a number or ∞. γ(u) = m is a
//! number exactly when
//!   (A) no option of u has value m,
//!   (B) every j < m is the value of some option of u, and
//!   (C) every option v with γ(v) > m or γ(v) = ∞ has an option w with
//!       γ(w) = m, and the player at u can win the race back to value m
//!       (Fraenkel's counter: the reversal leads to a position labelled
//!       earlier, so the play cannot go round for ever).
//! Otherwise γ(u) = ∞(K), K the set of the numbers among its options' values.
//! γ(u) = 0 is a loss for the player to move, a number > 0 and ∞(K) with 0 in
//! K a win, ∞(K) without 0 a draw. For sums, γ(G + H) is γ(G) ⊕ γ(H) for
//! numbers, and G + H with γ(G) = ∞(K), γ(H) = n is a win when n ∈ K and a
//! draw otherwise; two ∞ are a draw.
//!
//! **The labelling** (stage m = 0, 1, 2, ...). At the start of stage m every
//! position labelled so far has a number below m, and every position still
//! open has options labelled 0, ..., m − 1 (so (B) holds for m). Within the
//! stage, an open position u is labelled m once (A) no option of it is
//! labelled m, and (C') each option not labelled below m has an option
//! labelled m: "covered". Labelling u covers its predecessors, which may
//! complete (C') for theirs: a queue carries this, each edge looked at a
//! bounded number of times a stage. The order of labelling is the counter
//! of (C): a position labelled m in the stage is won by a reversal to one
//! labelled m before it. At the end of the stage an open position with no
//! option labelled m can never be labelled (it lacks m for (B) at every
//! later stage): it is ∞. Those covered stay open for stage m + 1.
//!
//! **Why it is γ.** Labelled m: (A) held when u was labelled, and no option
//! of u is labelled m later (an option open then was covered, so it has an
//! option labelled m, and is never labelled m by (A)); (B) by the stage's
//! invariant; (C) by (C') with the counter above. ∞: if u were a number m'
//! it would have been labelled at stage m' (its options' labels are final
//! once their stages end, and the conditions are the ones checked), so the
//! positions left are exactly those with γ = ∞. The tests check values
//! against the outcomes of sums found by retrograde analysis of the sums'
//! graphs, and against a literal, slow rendition of the definition.
//!
//! Work: each stage is linear in the edges; there are at most (largest
//! number of options) + 2 stages.

/// A generalized Sprague–Grundy value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Finite(u64),
    /// ∞, with the numbers among the values of its options (sorted).
    Infinite(Vec<u64>),
}

impl Value {
    /// Whether the player to move wins (`Some(true)`), loses (`Some(false)`)
    /// or neither can force a win (`None`: a draw).
    pub fn outcome(&self) -> Option<bool> {
        match self {
            Value::Finite(v) => Some(*v != 0),
            Value::Infinite(k) => k.contains(&0).then_some(true),
        }
    }
}

/// Where a sum of positions with these values is: a win for the player
/// to move (`Some(true)`), a loss (`Some(false)`) or a draw (`None`).
pub fn sum_outcome(values: &[Value]) -> Option<bool> {
    let mut xor = 0u64;
    let mut infinite: Option<&Vec<u64>> = None;
    for v in values {
        match v {
            Value::Finite(n) => xor ^= n,
            Value::Infinite(k) if infinite.is_none() => infinite = Some(k),
            Value::Infinite(_) => return None,
        }
    }
    match infinite {
        None => Some(xor != 0),
        Some(k) => k.contains(&xor).then_some(true),
    }
}

/// The values of every position of a graph given by its options
/// (`options[u]` lists the positions one move from u, repeats allowed).
/// Stops with `Err` when `stop` says so (it is asked once a stage and every
/// 65,536 positions labelled).
pub fn values<E>(
    options: &[Vec<u32>],
    stop: &mut dyn FnMut(u64) -> Result<(), E>,
) -> Result<Vec<Value>, E> {
    let n = options.len();
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (u, opts) in options.iter().enumerate() {
        for &v in opts {
            preds[v as usize].push(u as u32);
        }
    }
    const OPEN: u64 = u64::MAX;
    const INFINITE: u64 = u64::MAX - 1;
    let mut label = vec![OPEN; n];
    let mut open: Vec<u32> = (0..n as u32).collect();
    let mut covered = vec![false; n];
    let mut bad = vec![0u32; n];
    let mut queue: Vec<u32> = Vec::new();
    let mut done = 0u64;
    let mut m = 0u64;
    while !open.is_empty() {
        stop(done)?;
        for &u in &open {
            covered[u as usize] = false;
        }
        // (C'): the options of u not labelled below m, none covered yet
        for &u in &open {
            let u = u as usize;
            bad[u] = options[u]
                .iter()
                .filter(|&&v| label[v as usize] >= m)
                .count() as u32;
            if bad[u] == 0 {
                queue.push(u as u32);
            }
        }
        while let Some(u) = queue.pop() {
            let u = u as usize;
            if label[u] != OPEN || covered[u] || bad[u] != 0 {
                continue;
            }
            label[u] = m;
            done += 1;
            if done.is_multiple_of(1 << 16) {
                stop(done)?;
            }
            for &p in &preds[u] {
                let p = p as usize;
                if covered[p] {
                    continue;
                }
                covered[p] = true;
                if label[p] < m {
                    continue;
                }
                // p was counted as not labelled below m by its predecessors
                for &q in &preds[p] {
                    let q = q as usize;
                    if label[q] == OPEN {
                        bad[q] -= 1;
                        if bad[q] == 0 && !covered[q] {
                            queue.push(q as u32);
                        }
                    }
                }
            }
        }
        // open and not covered: never labelled
        for &u in &open {
            let u = u as usize;
            if label[u] == OPEN && !covered[u] {
                label[u] = INFINITE;
            }
        }
        open.retain(|&u| label[u as usize] == OPEN);
        m += 1;
    }
    Ok((0..n)
        .map(|u| match label[u] {
            INFINITE => {
                let mut k: Vec<u64> = options[u]
                    .iter()
                    .map(|&v| label[v as usize])
                    .filter(|&l| l < INFINITE)
                    .collect();
                k.sort_unstable();
                k.dedup();
                Value::Infinite(k)
            }
            l => Value::Finite(l),
        })
        .collect())
}

#[cfg(test)]
mod tests;
