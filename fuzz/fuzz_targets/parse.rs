//! The lexer and parser alone: any bytes give statements or diagnostics,
//! never a panic, and every diagnostic's span lies within the text.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let parsed = mex::syntax::parse::parse(&text);
    for d in &parsed.errors {
        if let Some(span) = &d.span {
            assert!(span.start <= span.end && span.end <= text.len(), "{span:?} outside the text");
        }
    }
});
