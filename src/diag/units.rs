//! The words about bytes, counts and times, as every message writes them.

/// Bytes as a person reads them: `512 KiB`, `3.2 GiB`.
pub fn show_bytes(b: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut x = b as f64;
    let mut i = 0;
    while x >= 1024.0 && i + 1 < UNITS.len() {
        x /= 1024.0;
        i += 1;
    }
    if i == 0 {
        format!("{b} bytes")
    } else if x < 10.0 {
        format!("{x:.1} {}", UNITS[i])
    } else {
        format!("{x:.0} {}", UNITS[i])
    }
}

/// A count as a person reads it: `44,583`, or `about 3.9e12`.
pub fn count(n: u128) -> String {
    if n >= 1_000_000_000_000 {
        if n == u128::MAX {
            return "more than 10^38".into();
        }
        return format!("about {:.1e}", n as f64);
    }
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A large count as a person reads it: `8.7e11`.
pub fn round(x: u64) -> String {
    if x < 100_000 {
        x.to_string()
    } else {
        format!("{:.1e}", x as f64)
    }
}

/// `work` nanoseconds as a person reads them: `40 seconds`, `3 hours`.
pub fn show_time(work: u64) -> String {
    let secs = work as f64 / 1e9;
    if secs < 120.0 {
        format!("about {secs:.0} seconds")
    } else if secs < 7200.0 {
        format!("about {:.0} minutes", secs / 60.0)
    } else if secs < 48.0 * 3600.0 {
        format!("about {:.0} hours", secs / 3600.0)
    } else {
        format!("about {:.0} days", secs / 86400.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_well() {
        assert_eq!(count(44583), "44,583");
        assert_eq!(count(1_000), "1,000");
        assert_eq!(count(999), "999");
        assert_eq!(count(3_972_999_029_388), "about 4.0e12");
        assert_eq!(count(u128::MAX), "more than 10^38");
    }

    #[test]
    fn bytes_and_times_read_well() {
        assert_eq!(show_bytes(512), "512 bytes");
        assert_eq!(show_bytes(3 << 20), "3.0 MiB");
        assert_eq!(show_time(40_000_000_000), "about 40 seconds");
        assert_eq!(show_time(3 * 3600 * 1_000_000_000), "about 3 hours");
    }
}
