//! Engines: plain Rust, no knowledge of syntax.
