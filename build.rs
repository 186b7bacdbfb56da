//! Generates the LALRPOP parser from `grammar/` into OUT_DIR.
fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    println!("cargo:rerun-if-changed=grammar");
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .set_out_dir(out)
        .process()
        .expect("the LALRPOP grammar in grammar/ must build");
}
