//! Green Hackenbush (Winning Ways ch. 7; Ferguson I.7): a picture of edges
//! between vertices, vertex 0 the ground; a move cuts one edge, and every
//! edge no longer connected to the ground falls away.
//!
//! # Values without search
//!
//! Write `G(P)` for the Grundy value of a picture.
//!
//! **Colon principle.** If a branch `B` hangs from a vertex `v` (meets the
//! rest only at `v`), replacing it by another branch of the same value at
//! `v` keeps the value of the whole: the sum of the whole and the replaced
//! whole is a second-player win, by the usual mirror of moves in the rest
//! and the value argument in the branches. So a tree hanging by one edge
//! from `v` is worth its value plus one (a stalk on the edge: a stalk of
//! `n` edges is `*n`, and a stalk on top of an edge is one longer), and
//! branches at one vertex add by nim-sum (Nim heaps side by side).
//!
//! **Fusion principle.** The vertices of a cycle may be fused into one
//! vertex, each edge of the cycle becoming a loop, without changing the
//! value (Winning Ways ch. 7; proven there by induction on the picture:
//! the fused and unfused pictures have the same values of options up to
//! equivalences given by the induction). Fusing cycle after cycle merges
//! each 2-edge-connected part (the vertices joined by two paths without a
//! common edge) into one vertex whose edges are all loops. A loop is a
//! stalk of one edge, `*1`, so `k` loops at a vertex are worth `k mod 2`.
//!
//! **The computation.** Keep the edges connected to the ground; find the
//! bridges (edges on no cycle); contract every other edge (each becomes a
//! loop of its part). The bridges join the parts into a tree rooted at the
//! ground's part, and the colon principle gives, from the leaves up,
//! `value(C) = (loops(C) mod 2) xor (value(D) + 1 for each child D)`.
//! Everything is linear in the edges, with explicit stacks (no recursion),
//! so a picture of 10^6 edges answers at once. The tests check every value
//! against a search over the sets of edges still standing.

use std::collections::HashMap;

/// A picture: its edges as written (vertex labels, the ground is 0) and
/// its value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Picture {
    pub edges: Vec<(u64, u64)>,
    pub value: u64,
}

/// How the value of a picture comes about, for `explain`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Derivation {
    /// Edges not connected to the ground (they fall at once).
    pub fallen: usize,
    /// Each part after fusion, children before parents (the ground's last):
    /// its vertices (sorted), its loops, its children (with the bridge to
    /// each) and its value.
    pub parts: Vec<Part>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Part {
    pub vertices: Vec<u64>,
    pub loops: usize,
    /// (child part index, bridge as written, child's value)
    pub children: Vec<(usize, (u64, u64), u64)>,
    pub value: u64,
}

impl Picture {
    pub fn new(edges: Vec<(u64, u64)>) -> Picture {
        let value = derive(&edges).parts.last().map_or(0, |p| p.value);
        Picture { edges, value }
    }

    /// The picture after cutting edge `i`, with what fell away removed.
    pub fn cut(&self, i: usize) -> Picture {
        let mut rest = self.edges.clone();
        rest.remove(i);
        let kept = grounded(&rest);
        let edges: Vec<(u64, u64)> = kept.into_iter().map(|j| rest[j]).collect();
        Picture::new(edges)
    }

    /// The same picture without the edges that are not connected to the
    /// ground.
    pub fn standing(&self) -> Picture {
        let kept = grounded(&self.edges);
        if kept.len() == self.edges.len() {
            return self.clone();
        }
        Picture::new(kept.into_iter().map(|j| self.edges[j]).collect())
    }
}

/// Vertex labels as indices 0.. (the ground first, when it is there).
fn index(edges: &[(u64, u64)]) -> (Vec<u64>, Vec<(usize, usize)>) {
    let mut labels = vec![0u64];
    let mut ids: HashMap<u64, usize> = HashMap::from([(0, 0)]);
    let mut out = Vec::with_capacity(edges.len());
    for &(a, b) in edges {
        let mut id = |x: u64| {
            *ids.entry(x).or_insert_with(|| {
                labels.push(x);
                labels.len() - 1
            })
        };
        let (i, j) = (id(a), id(b));
        out.push((i, j));
    }
    (labels, out)
}

/// The edges (by index) connected to the ground.
fn grounded(edges: &[(u64, u64)]) -> Vec<usize> {
    let (labels, e) = index(edges);
    let adj = adjacency(labels.len(), &e);
    let mut seen = vec![false; labels.len()];
    seen[0] = true;
    let mut stack = vec![0usize];
    while let Some(v) = stack.pop() {
        for &(w, _) in &adj[v] {
            if !seen[w] {
                seen[w] = true;
                stack.push(w);
            }
        }
    }
    (0..e.len()).filter(|&i| seen[e[i].0]).collect()
}

/// Per vertex, its (neighbour, edge index) pairs; a loop is listed once.
fn adjacency(n: usize, e: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
    let mut adj = vec![Vec::new(); n];
    for (k, &(a, b)) in e.iter().enumerate() {
        adj[a].push((b, k));
        if a != b {
            adj[b].push((a, k));
        }
    }
    adj
}

/// The bridges among the edges reachable from the ground (Tarjan's
/// low-link, with an explicit stack; a parallel edge is no bridge since
/// only the edge used to arrive is skipped, not its endpoint).
fn bridges(n: usize, e: &[(usize, usize)], adj: &[Vec<(usize, usize)>]) -> Vec<bool> {
    let mut bridge = vec![false; e.len()];
    let mut order = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut time = 0;
    // (vertex, edge used to arrive, next neighbour to look at)
    let mut stack: Vec<(usize, usize, usize)> = vec![(0, usize::MAX, 0)];
    order[0] = 0;
    low[0] = 0;
    time += 1;
    while let Some(top) = stack.last_mut() {
        let (v, via, next) = *top;
        if next < adj[v].len() {
            top.2 += 1;
            let (w, k) = adj[v][next];
            if k == via {
                continue;
            }
            if order[w] == usize::MAX {
                order[w] = time;
                low[w] = time;
                time += 1;
                stack.push((w, k, 0));
            } else {
                low[v] = low[v].min(order[w]);
            }
            continue;
        }
        stack.pop();
        if let Some(&(p, _, _)) = stack.last() {
            low[p] = low[p].min(low[v]);
            if low[v] > order[p] {
                bridge[via] = true;
            }
        }
    }
    bridge
}

/// The fusion and colon steps that value a picture.
pub fn derive(edges: &[(u64, u64)]) -> Derivation {
    let kept = grounded(edges);
    let fallen = edges.len() - kept.len();
    let standing: Vec<(u64, u64)> = kept.iter().map(|&i| edges[i]).collect();
    if standing.is_empty() {
        return Derivation {
            fallen,
            parts: vec![Part {
                vertices: vec![0],
                ..Part::default()
            }],
        };
    }
    let (labels, e) = index(&standing);
    let n = labels.len();
    let adj = adjacency(n, &e);
    let bridge = bridges(n, &e, &adj);
    let (mut parts, part_of) = fused(&labels, &e, &bridge);
    let mut tree: Vec<Vec<(usize, usize)>> = vec![Vec::new(); parts.len()];
    for (k, &(a, b)) in e.iter().enumerate() {
        if bridge[k] {
            tree[part_of[a]].push((part_of[b], k));
            tree[part_of[b]].push((part_of[a], k));
        } else {
            parts[part_of[a]].loops += 1;
        }
    }
    let order = colon(&mut parts, &tree, part_of[0], &standing);
    Derivation {
        fallen,
        parts: children_first(parts, &order),
    }
}

/// The parts a picture fuses into: the vertices joined by edges that are
/// not bridges, each part with its vertices (as labelled); and the part
/// of each vertex.
fn fused(labels: &[u64], e: &[(usize, usize)], bridge: &[bool]) -> (Vec<Part>, Vec<usize>) {
    let n = labels.len();
    // parts: union of the ends of every edge that is not a bridge
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for (k, &(a, b)) in e.iter().enumerate() {
        if !bridge[k] {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[ra] = rb;
        }
    }
    let mut part_of = vec![usize::MAX; n];
    let mut parts: Vec<Part> = Vec::new();
    let roots: Vec<usize> = (0..n).map(|v| find(&mut parent, v)).collect();
    let mut id_of_root: HashMap<usize, usize> = HashMap::new();
    for v in 0..n {
        let id = *id_of_root.entry(roots[v]).or_insert_with(|| {
            parts.push(Part::default());
            parts.len() - 1
        });
        part_of[v] = id;
        parts[id].vertices.push(labels[v]);
    }
    (parts, part_of)
}

/// The colon principle up the bridge `tree` of the parts, from the leaves
/// to the ground's part `root`: each part's value, and its children.
/// Gives the parts in order from the root, parents before children.
fn colon(
    parts: &mut [Part],
    tree: &[Vec<(usize, usize)>],
    root: usize,
    standing: &[(u64, u64)],
) -> Vec<usize> {
    // the bridge tree from the ground's part: order parents before children
    let mut up = vec![(usize::MAX, usize::MAX); parts.len()];
    let mut order = Vec::with_capacity(parts.len());
    let mut seen = vec![false; parts.len()];
    seen[root] = true;
    let mut stack = vec![root];
    while let Some(c) = stack.pop() {
        order.push(c);
        for &(d, k) in &tree[c] {
            if !seen[d] {
                seen[d] = true;
                up[d] = (c, k);
                stack.push(d);
            }
        }
    }
    for &c in order.iter().rev() {
        let value = parts[c]
            .children
            .iter()
            .fold((parts[c].loops % 2) as u64, |x, &(_, _, v)| x ^ (v + 1));
        parts[c].value = value;
        let (p, k) = up[c];
        if p != usize::MAX {
            parts[p].children.push((c, standing[k], value));
        }
    }
    order
}

/// The parts, children before parents, the ground's part last (`order`
/// is parents before children), their vertices sorted.
fn children_first(parts: Vec<Part>, order: &[usize]) -> Vec<Part> {
    let rank: HashMap<usize, usize> = order
        .iter()
        .rev()
        .enumerate()
        .map(|(i, &c)| (c, i))
        .collect();
    let mut sorted: Vec<(usize, Part)> = parts.into_iter().enumerate().collect();
    sorted.sort_by_key(|(c, _)| rank[c]);
    let remap: HashMap<usize, usize> = sorted
        .iter()
        .enumerate()
        .map(|(i, (c, _))| (*c, i))
        .collect();
    let mut out: Vec<Part> = sorted.into_iter().map(|(_, p)| p).collect();
    for p in &mut out {
        p.vertices.sort_unstable();
        for ch in &mut p.children {
            ch.0 = remap[&ch.0];
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn textbook_pictures() {
        // a stalk of 3
        assert_eq!(Picture::new(vec![(0, 1), (1, 2), (2, 3)]).value, 3);
        // a triangle on the ground: 1; a square: 0
        assert_eq!(Picture::new(vec![(0, 1), (1, 2), (2, 0)]).value, 1);
        assert_eq!(Picture::new(vec![(0, 1), (1, 2), (2, 3), (3, 0)]).value, 0);
        // a loop on the ground is *1; two are 0
        assert_eq!(Picture::new(vec![(0, 0)]).value, 1);
        assert_eq!(Picture::new(vec![(0, 0), (0, 0)]).value, 0);
        // a tree: two stalks of 1 and 2 on an edge: (1 xor 2) + 1 = 4
        assert_eq!(Picture::new(vec![(0, 1), (1, 2), (1, 3), (3, 4)]).value, 4);
        // nothing touches the ground
        assert_eq!(Picture::new(vec![(1, 2)]).value, 0);
    }

    #[test]
    fn cutting_drops_what_falls() {
        let p = Picture::new(vec![(0, 1), (1, 2), (2, 3)]);
        assert_eq!(p.cut(0).edges, vec![]);
        assert_eq!(p.cut(1).edges, vec![(0, 1)]);
    }

    #[test]
    fn a_long_stalk_needs_no_recursion() {
        let n = 1_000_000u64;
        let edges: Vec<(u64, u64)> = (0..n).map(|i| (i, i + 1)).collect();
        assert_eq!(Picture::new(edges).value, n);
    }
}
