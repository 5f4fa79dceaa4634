//! `arena list`: the games of the catalog, their house bots and parameters; `--names` prints
//! the names alone, one per line, for scripts (CI's smoke matches loop over them).

#[derive(clap::Args)]
pub struct ListArgs {
    /// Print only the games' names, one per line.
    #[arg(long)]
    names: bool,
}

pub fn list(a: ListArgs) -> anyhow::Result<()> {
    if a.names {
        engine::catalog::ALL_GAME_NAMES.iter().for_each(|n| println!("{n}"));
        return Ok(());
    }
    for g in engine::catalog::games() {
        println!("{} ({})", g.name(), g.title());
        let house: Vec<&str> = arena::games::house_bots(g.name()).iter().map(|b| b.name).collect();
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
