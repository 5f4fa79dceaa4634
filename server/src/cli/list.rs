//! `arena list`.

pub fn list() -> anyhow::Result<()> {
    for g in engine::catalog::games() {
        println!("{} ({})", g.name(), g.title());
        let house: Vec<&str> = arena::house::house_bots(g.name()).iter().map(|b| b.name).collect();
        println!(
            "  house bots: {} (wasm, in the sandbox; native:{} for comparisons)",
            house.join(", "),
            g.house_bots().join(", native:")
        );
        println!("  parameters:");
        let width = g.param_specs().iter().map(|s| s.name.len()).max().unwrap_or(0);
        for s in g.param_specs() {
            println!("    {:width$}  {:>6}  ({}..={})  {}", s.name, s.default, s.min, s.max, s.doc);
        }
        println!();
    }
    Ok(())
}
