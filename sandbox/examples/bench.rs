//! `cargo run --release -p sandbox --example bench`: the sandbox's host-overhead figures.

fn main() {
    let sandbox = sandbox::Sandbox::new(sandbox::Limits::default()).expect("sandbox");
    let f = sandbox::bench::run(&sandbox, 2000, 200_000).expect("bench");
    println!("pooling allocator:  {}", f.pooling);
    println!("instantiate + start: {:?} (setup view {} bytes)", f.instantiate, f.setup_bytes);
    println!("per bot per round:  {:?} (round view {} bytes)", f.round, f.view_bytes);
}
