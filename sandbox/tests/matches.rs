//! WebAssembly bots in real Pandemic matches: well-behaved ones play, hostile ones are frozen
//! for the right reason while the match goes on.

mod common;

use common::*;
use engine::referee::FreezeReason;
use engine::rng::{GameRng, Stream};
use sandbox::{PlayerOptions, LINE_LIMIT};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn small_fuel() -> PlayerOptions {
    PlayerOptions::default().fuel(SMALL_FUEL)
}

#[test]
fn null_bot_plays_every_round_and_pays_for_its_views() {
    let (played, log) = hostile(&null_bot(), 1, PlayerOptions::default());
    assert_eq!(played.summary.rounds, ROUNDS);
    assert!(played.summary.players.iter().all(|p| p.frozen.is_none()));
    let r = log.report().unwrap();
    assert_eq!(r.rounds, ROUNDS);
    assert!(r.frozen.is_none());
    assert!(r.stderr.is_empty());
    // Each round hands over a view (50 + its bytes): the host work is charged.
    let view = 68 + 4 * 2 + 2 * 400 + 4 + 16 * 28;
    assert!(r.fuel_used > u64::from(ROUNDS) * (50 + view as u64 - 200), "{}", r.fuel_used);
    assert!(r.cpu_share() > 0.0 && r.cpu_share() < 0.001);
}

#[test]
fn orders_bot_moves_its_units_deterministically() {
    let module = orders_bot();
    let run = || {
        // A budget small enough for the replay's 1e-4 resolution of CPU shares to show them.
        let (factory, log) = module.player_with("Mover", PlayerOptions::default().fuel(10_000_000));
        let played = play(with_others(2, factory), ROUNDS, 42);
        (played, log.report().unwrap())
    };
    let (a, ra) = run();
    let (b, rb) = run();
    assert!(ra.frozen.is_none(), "{:?}", ra.frozen);
    assert_eq!(ra.rounds, ROUNDS);
    // Same seed, same bot: the same fuel to the unit, and the same replay.
    assert_eq!(ra.fuel_used, rb.fuel_used);
    assert_eq!(a.summary, b.summary);
    let cpu: Vec<f64> = a.replay.rounds.iter().map(|r| r.common.cpu[2]).collect();
    let cpu_b: Vec<f64> = b.replay.rounds.iter().map(|r| r.common.cpu[2]).collect();
    assert_eq!(cpu, cpu_b);
    assert!(cpu[0] > 0.0);
    assert!(cpu.windows(2).all(|w| w[0] <= w[1]), "CPU share never decreases: {cpu:?}");
    assert!((cpu.last().unwrap() - ra.cpu_share()).abs() <= 0.5e-4, "{cpu:?} {}", ra.cpu_share());
    assert_eq!(a.summary.players[2].cpu, ra.cpu_share());
    // Its units moved: the Pandemic replay shows moves by player 2's units.
    let pr = engine::games::pandemic::replay::decode(a.replay.clone()).unwrap();
    let moved = pr
        .frames
        .iter()
        .flat_map(|f| f.moves.iter().map(move |m| (f, m)))
        .filter(|(f, m)| f.units.get(m.unit).is_some_and(|u| u.player == 2))
        .count();
    assert!(moved > 0, "the bot's orders were applied");
}

#[test]
fn random_draws_match_the_native_stream() {
    let play_body = r#"
    (i32.store (i32.const 16) (call $random (i32.const -3) (i32.const 9)))
    (i32.store (i32.const 20) (call $random (i32.const -3) (i32.const 9)))
    (i32.store (i32.const 24) (call $random (i32.const 0) (i32.const 1000000)))
    (i32.store (i32.const 28) (call $random (i32.const 5) (i32.const 5)))
    (i32.store (i32.const 32) (call $random (i32.const -2147483648) (i32.const 2147483647)))
    ;; stderr is text: the 20 bytes as 40 letters a..p (a nibble each), then a newline.
    (block $d (loop $l
      (br_if $d (i32.ge_u (local.get $i) (i32.const 20)))
      (local.set $b (i32.load8_u (i32.add (i32.const 16) (local.get $i))))
      (i32.store8 (i32.add (i32.const 64) (i32.shl (local.get $i) (i32.const 1)))
        (i32.add (i32.const 97) (i32.shr_u (local.get $b) (i32.const 4))))
      (i32.store8 (i32.add (i32.const 65) (i32.shl (local.get $i) (i32.const 1)))
        (i32.add (i32.const 97) (i32.and (local.get $b) (i32.const 15))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $l)))
    (i32.store8 (i32.const 104) (i32.const 10))
    (call $say (i32.const 64) (i32.const 41))"#;
    let module = Wat { play: play_body, play_locals: "(local $i i32) (local $b i32)", ..Default::default() }.load();
    let seat = 3;
    let (played, log) = hostile(&module, seat, PlayerOptions::default());
    assert!(played.summary.players[seat].frozen.is_none());
    let out = log.report().unwrap().stderr;
    let bytes: Vec<u8> = out
        .split(|&b| b == b'\n')
        .flat_map(|line| line.chunks_exact(2).map(|p| ((p[0] - b'a') << 4) | (p[1] - b'a')))
        .collect();
    let got: Vec<i32> = bytes.chunks_exact(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect();
    let mut rng = GameRng::new(7 + seat as u64, Stream::Bot(seat));
    let expected: Vec<i32> = (0..ROUNDS)
        .flat_map(|_| [(-3, 9), (-3, 9), (0, 1_000_000), (5, 5), (i32::MIN, i32::MAX)].map(|(l, u)| rng.range(l, u)))
        .collect();
    assert_eq!(got, expected);
}

#[test]
fn random_with_lower_above_upper_traps() {
    let module = Wat { play: "(drop (call $random (i32.const 5) (i32.const 1)))", ..Default::default() }.load();
    let (played, _) = hostile(&module, 0, PlayerOptions::default());
    let f = assert_frozen(&played, 0, FreezeReason::Trap);
    assert!(f.message.contains("random(5, 1)"), "{}", f.message);
}

#[test]
fn infinite_loop_runs_out_of_cpu() {
    let module =
        Wat { play: "(if (i32.eq (global.get $round) (i32.const 3)) (then (loop $l (br $l))))", ..Default::default() }
            .load();
    let (played, log) = hostile(&module, 0, small_fuel());
    let f = assert_frozen(&played, 0, FreezeReason::Cpu);
    assert_eq!(f.round, 3);
    assert_eq!(f.message, "used its CPU budget of 100000000 fuel (0.00333 s)");
    let r = log.report().unwrap();
    assert_eq!(r.fuel_used, SMALL_FUEL);
    assert_eq!(r.frozen.unwrap().message, f.message);
    assert_eq!(r.rounds, 3);
}

#[test]
fn memory_growth_past_the_cap_is_a_memory_freeze() {
    let module =
        Wat { play: "(loop $l (br_if $l (i32.ne (memory.grow (i32.const 16)) (i32.const -1))))", ..Default::default() }
            .load();
    let (played, _) = hostile(&module, 1, PlayerOptions::default());
    let f = assert_frozen(&played, 1, FreezeReason::Memory);
    assert_eq!(f.round, 0);
    assert!(f.message.contains("the limit is 64 MiB"), "{}", f.message);
}

#[test]
fn unbounded_recursion_is_a_stack_overflow_trap() {
    let module = Wat { play: "(call $rec)", extra: "(func $rec (call $rec))", ..Default::default() }.load();
    let (played, _) = hostile(&module, 2, PlayerOptions::default());
    let f = assert_frozen(&played, 2, FreezeReason::Trap);
    assert!(f.message.starts_with("stack overflow"), "{}", f.message);
}

#[test]
fn unreachable_is_a_trap_in_words_with_the_functions_for_the_owner() {
    let module = Wat {
        play: "(if (i32.eq (global.get $round) (i32.const 7)) (then (call $boom)))",
        extra: "(func $boom unreachable)",
        ..Default::default()
    }
    .load();
    let (played, log) = hostile(&module, 3, PlayerOptions::default());
    let f = assert_frozen(&played, 3, FreezeReason::Trap);
    assert_eq!(f.round, 7);
    assert!(f.message.starts_with("reached an `unreachable` instruction"), "{}", f.message);
    // The public message names no function of the bot; the owner's detail does.
    assert!(!f.message.contains("boom") && !f.message.contains("func["), "{}", f.message);
    let r = log.report().unwrap();
    let detail = r.frozen_detail.clone().unwrap();
    assert!(detail.starts_with(&f.message) && detail.contains("boom"), "{detail}");
    assert!(r.stderr_text().ends_with(&format!("[arena] frozen (trap): {detail}\n")), "{}", r.stderr_text());
}

#[test]
fn a_module_without_names_shows_no_function_indices() {
    // wat names the functions of a text module; strip the name section as `arena build` would
    // not, but other toolchains do.
    let text = Wat { play: "(call $boom)", extra: "(func $boom unreachable)", ..Default::default() }.text();
    let mut bytes = wat::parse_str(&text).unwrap();
    strip_names(&mut bytes);
    let module = load_bytes(&bytes);
    let (played, log) = hostile(&module, 0, PlayerOptions::default());
    assert_frozen(&played, 0, FreezeReason::Trap);
    let detail = log.report().unwrap().frozen_detail.unwrap();
    assert!(!detail.contains("func["), "{detail}");
}

#[test]
fn a_bot_that_stops_itself_says_why_to_its_owner_only() {
    // arena.fail(2, text): an uncaught C++ exception, as the C++ SDK reports it.
    let text = "uncaught exception std::runtime_error: no path to city 3";
    let extra = format!("(data (i32.const 256) \"{text}\")");
    let play = format!("(if (i32.eq (global.get $round) (i32.const 2)) (then (call $fail (i32.const 2) (i32.const 256) (i32.const {}))))", text.len());
    let module = Wat {
        imports: r#"(import "arena" "fail" (func $fail (param i32 i32 i32)))"#,
        play: &play,
        extra: &extra,
        ..Default::default()
    }
    .load();
    let (played, log) = hostile(&module, 1, PlayerOptions::default());
    let f = assert_frozen(&played, 1, FreezeReason::Trap);
    assert_eq!((f.round, f.message.as_str()), (2, "uncaught exception"));
    let r = log.report().unwrap();
    assert_eq!(r.frozen_detail.as_deref(), Some(text));
    assert!(r.stderr_text().ends_with(&format!("[arena] frozen (trap): {text}\n")), "{}", r.stderr_text());
    // The replay, which anybody may download, has only the public words.
    let bytes = format!("{:?}", played.replay);
    assert!(!bytes.contains("no path to city"), "the bot's words stay private");
}

#[test]
fn each_kind_of_stop_has_its_words() {
    for (kind, words) in
        [(1, "panicked"), (3, "assertion failed"), (4, "abort() called"), (5, "the SDK stopped the bot")]
    {
        let play = format!("(call $fail (i32.const {kind}) (i32.const 0) (i32.const 0))");
        let module = Wat {
            imports: r#"(import "arena" "fail" (func $fail (param i32 i32 i32)))"#,
            play: &play,
            ..Default::default()
        }
        .load();
        let (played, _) = hostile(&module, 0, PlayerOptions::default());
        assert_eq!(assert_frozen(&played, 0, FreezeReason::Trap).message, words);
    }
}

#[test]
fn a_stack_pointer_below_the_stack_is_a_stack_overflow() {
    // The stack is placed first (as `arena build` and rustc place it) and its pointer exported:
    // an access through a pointer that went below address 0 is an overflow, not a bad pointer.
    let module = Wat {
        extra: r#"(global $sp (export "__stack_pointer") (mut i32) (i32.const 4096))"#,
        play: "(global.set $sp (i32.sub (global.get $sp) (i32.const 8192))) (i32.store (global.get $sp) (i32.const 1))",
        ..Default::default()
    }
    .load();
    let (played, _) = hostile(&module, 2, PlayerOptions::default());
    let f = assert_frozen(&played, 2, FreezeReason::Trap);
    assert!(f.message.starts_with("stack overflow (the 4 KiB stack"), "{}", f.message);
    // With the pointer still inside memory, the same access is a bad pointer.
    let module = Wat {
        extra: r#"(global $sp (export "__stack_pointer") (mut i32) (i32.const 4096))"#,
        play: "(i32.store (i32.const -4) (i32.const 1))",
        ..Default::default()
    }
    .load();
    let (played, _) = hostile(&module, 2, PlayerOptions::default());
    let f = assert_frozen(&played, 2, FreezeReason::Trap);
    assert_eq!(f.message, "out of bounds memory access (a bad pointer or index)");
}

#[test]
fn out_of_bounds_access_is_a_trap() {
    let module = Wat { play: "(drop (i32.load (i32.const -4)))", ..Default::default() }.load();
    let (played, _) = hostile(&module, 0, PlayerOptions::default());
    let f = assert_frozen(&played, 0, FreezeReason::Trap);
    assert!(f.message.contains("out of bounds"), "{}", f.message);
}

#[test]
fn proc_exit_is_a_trap() {
    let module = Wat { play: "(call $proc_exit (i32.const 3))", ..Default::default() }.load();
    let (played, _) = hostile(&module, 1, PlayerOptions::default());
    let f = assert_frozen(&played, 1, FreezeReason::Trap);
    assert_eq!(f.message, "exit(3)");
}

/// Fills 1001 order records (unit 0, stay) at 1024 in arena_start.
const FILL_RECORDS: &str = r#"
    (local.set $g (i32.const 0))
    (block $d (loop $l
      (br_if $d (i32.ge_u (local.get $g) (i32.const 1001)))
      (i32.store (i32.add (i32.const 1024) (i32.shl (local.get $g) (i32.const 3))) (i32.const 0))
      (i32.store offset=4 (i32.add (i32.const 1024) (i32.shl (local.get $g) (i32.const 3))) (i32.const 4))
      (local.set $g (i32.add (local.get $g) (i32.const 1)))
      (br $l)))"#;

#[test]
fn a_thousand_orders_per_round_are_fine() {
    let module = Wat {
        start: FILL_RECORDS,
        play: "(call $orders (i32.const 1024) (i32.const 600)) (call $orders (i32.const 1024) (i32.const 400))",
        ..Default::default()
    }
    .load();
    let (played, _) = hostile(&module, 0, PlayerOptions::default());
    assert!(played.summary.players.iter().all(|p| p.frozen.is_none()), "{:?}", played.summary);
    assert_eq!(played.summary.rounds, ROUNDS);
}

#[test]
fn a_thousand_and_one_orders_freeze_the_bot() {
    let module = Wat {
        start: FILL_RECORDS,
        play: r#"(call $orders (i32.const 1024) (i32.const 1000))
          (if (i32.eq (global.get $round) (i32.const 4))
            (then (call $orders (i32.const 1024) (i32.const 1))))"#,
        ..Default::default()
    }
    .load();
    let (played, _) = hostile(&module, 2, PlayerOptions::default());
    let f = assert_frozen(&played, 2, FreezeReason::Orders);
    assert_eq!(f.round, 4);
}

#[test]
fn orders_with_a_bad_pointer_trap() {
    let module = Wat { play: "(call $orders (i32.const -8) (i32.const 2))", ..Default::default() }.load();
    let (played, _) = hostile(&module, 2, PlayerOptions::default());
    let f = assert_frozen(&played, 2, FreezeReason::Trap);
    assert!(f.message.contains("arena.orders: bad pointer"), "{}", f.message);
}

#[test]
fn stderr_flood_keeps_the_first_and_last_rounds_within_64_kib_and_says_what_was_cut() {
    // 4 writes of 4 KiB of 'x' per round (one 16 KiB line, the line limit): 480 KiB in 30 rounds.
    let module = Wat {
        start: "(memory.fill (i32.const 16384) (i32.const 120) (i32.const 4096))",
        play: r#"(call $say (i32.const 16384) (i32.const 4096)) (call $say (i32.const 16384) (i32.const 4096))
                 (call $say (i32.const 16384) (i32.const 4096)) (call $say (i32.const 16384) (i32.const 4096))"#,
        ..Default::default()
    }
    .load();
    let (played, log) = hostile(&module, 3, PlayerOptions::default());
    assert!(played.summary.players[3].frozen.is_none());
    let r = log.report().unwrap();
    assert!(r.stderr_truncated);
    let line = (LINE_LIMIT + 1) as u64;
    assert_eq!(r.stderr_log.written, line * u64::from(ROUNDS));
    assert!(r.stderr.len() < (64 << 10) + 200, "{} bytes kept", r.stderr.len());
    let rounds: Vec<_> = r.stderr_rounds.iter().map(|&(round, _)| round).collect();
    assert_eq!(rounds.first(), Some(&Some(0)));
    assert_eq!(rounds.last(), Some(&Some(ROUNDS - 1)));
    let cut = &r.stderr_log.cut;
    assert_eq!(cut.bytes, line * cut.lines);
    let kept = r.stderr_log.head().len() + r.stderr_log.tail().count();
    assert_eq!(cut.lines + kept as u64, u64::from(ROUNDS));
    let text = r.stderr_text();
    assert!(text.contains(&format!("[arena: {} bytes ({} lines) cut here", cut.bytes, cut.lines)), "{}", &text[..200]);
}

#[test]
fn stderr_lines_reach_the_live_callback() {
    let module = Wat {
        start: "(i64.store (i32.const 512) (i64.const 0x0a646e756f72))", // "round\n"
        play: "(call $say (i32.const 512) (i32.const 6))",
        ..Default::default()
    }
    .load();
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = lines.clone();
    let options = PlayerOptions::default()
        .on_stderr(move |r, l| sink.lock().unwrap().push(format!("Chatty {}: {l}", r.map_or(-1, i64::from))));
    let (played, log) = hostile(&module, 0, options);
    assert!(played.summary.players[0].frozen.is_none());
    let expected: Vec<String> = (0..ROUNDS).map(|r| format!("Chatty {r}: round")).collect();
    assert_eq!(*lines.lock().unwrap(), expected);
    let r = log.report().unwrap();
    assert_eq!(r.stderr, b"round\n".repeat(ROUNDS as usize));
    let offsets: Vec<_> = (0..ROUNDS).map(|r| (Some(r), 6 * r as usize)).collect();
    assert_eq!(r.stderr_rounds, offsets);
}

#[test]
fn writing_to_stdout_is_a_trap() {
    let module = Wat {
        play: r#"(i32.store (i32.const 0) (i32.const 512)) (i32.store (i32.const 4) (i32.const 3))
                 (drop (call $fd_write (i32.const 1) (i32.const 0) (i32.const 1) (i32.const 8)))"#,
        ..Default::default()
    }
    .load();
    let (played, _) = hostile(&module, 1, PlayerOptions::default());
    let f = assert_frozen(&played, 1, FreezeReason::Trap);
    assert_eq!(f.message, "wrote to stdout (fd 1): only stderr is allowed");
}

#[test]
fn a_looping_start_function_runs_out_of_cpu_before_round_0() {
    let module = Wat { extra: "(start $spin) (func $spin (loop $l (br $l)))", ..Default::default() }.load();
    let (played, log) = hostile(&module, 2, small_fuel());
    let f = assert_frozen(&played, 2, FreezeReason::Cpu);
    assert_eq!(f.round, 0);
    let r = log.report().unwrap();
    assert_eq!((r.rounds, r.fuel_used), (0, SMALL_FUEL));
}

#[test]
fn slow_instructions_hit_the_wall_clock_backstop() {
    // Grows to 32 MiB, then walks it with a cache- and TLB-hostile stride forever: few fuel
    // units, much time. The full default fuel budget would last far longer than 100 ms.
    let module = Wat {
        start: "(drop (memory.grow (i32.const 510)))",
        play: r#"(loop $l
            (local.set $i (i32.and (i32.add (local.get $i) (i32.const 69696)) (i32.const 0x1fffffc)))
            (local.set $s (i32.add (local.get $s) (i32.load (local.get $i))))
            (br $l))"#,
        play_locals: "(local $i i32) (local $s i32)",
        ..Default::default()
    }
    .load();
    let t = Instant::now();
    let (played, log) = hostile(&module, 0, PlayerOptions::default().wall_clock(Duration::from_millis(100)));
    let f = assert_frozen(&played, 0, FreezeReason::Cpu);
    assert_eq!(f.round, 0);
    assert!(f.message.contains("wall-clock backstop of 100 ms"), "{}", f.message);
    assert!(t.elapsed() < Duration::from_secs(5));
    assert!(log.report().unwrap().fuel_used < sandbox::FUEL_PER_SECOND);
}

#[test]
fn a_tight_loop_meets_the_cpu_time_backstop_before_its_fuel() {
    // Fuel and wall clock far away: only the thread CPU time can stop it.
    let module = Wat { play: "(loop $l (br $l))", ..Default::default() }.load();
    let options = PlayerOptions::default()
        .fuel(u64::MAX / 8)
        .wall_clock(Duration::from_secs(3600))
        .cpu_time(Duration::from_millis(200));
    let (played, log) = hostile(&module, 1, options);
    let f = assert_frozen(&played, 1, FreezeReason::Cpu);
    assert_eq!(f.round, 0);
    assert!(f.message.contains("CPU-time backstop of 200 ms"), "{}", f.message);
    let r = log.report().unwrap();
    if sandbox::thread_cpu_time().is_some() {
        assert!(r.cpu_time >= Duration::from_millis(200), "{:?}", r.cpu_time);
    }
    assert!(r.fuel_used < u64::MAX / 8);
}

#[test]
fn the_default_cpu_backstop_is_sized_from_the_budget() {
    let limits = sandbox::Limits::default();
    assert_eq!(limits.cpu_time, sandbox::cpu_backstop(limits.fuel));
    assert_eq!(limits.cpu_time, sandbox::CPU_PER_BUDGET_SECOND);
    // An honest bot's report counts its CPU time; it stays far below the bound.
    let (_, log) = hostile(&orders_bot(), 0, PlayerOptions::default());
    assert!(log.report().unwrap().cpu_time < limits.cpu_time);
}

#[test]
fn one_copys_freeze_decides_the_match_for_every_copy_sharing_the_stop() {
    // Four copies that loop from round 2: the first to run out of fuel stops the others before
    // they spend anything on their own loops.
    let module =
        Wat { play: "(if (i32.eq (global.get $round) (i32.const 2)) (then (loop $l (br $l))))", ..Default::default() }
            .load();
    let stop = sandbox::MatchStop::new();
    let players: Vec<_> =
        (0..4).map(|p| module.player_with(&format!("Copy{p}"), small_fuel().stop(stop.clone(), true))).collect();
    let specs = players.iter().map(|(f, _)| engine::catalog::PlayerSpec::Wire(f.clone())).collect();
    let played = play(specs, ROUNDS, 3);
    assert!(stop.is_stopped());
    let frozen: Vec<_> = played.summary.players.iter().map(|p| p.frozen.clone().expect("every copy frozen")).collect();
    let by_fuel = frozen.iter().filter(|f| f.message.starts_with("used its CPU budget")).count();
    let stopped: Vec<_> =
        frozen.iter().filter(|f| f.message.starts_with("stopped by the host: the match was decided")).collect();
    assert_eq!((by_fuel, stopped.len()), (1, 3), "{frozen:?}");
    assert!(stopped.iter().all(|f| f.round == 2 && f.message.contains("was frozen (cpu")), "{stopped:?}");
    let spent: Vec<u64> = players.iter().map(|(_, log)| log.report().unwrap().fuel_used).collect();
    assert_eq!(spent.iter().filter(|&&f| f == SMALL_FUEL).count(), 1, "only one copy looped: {spent:?}");
}

#[test]
fn a_stop_from_another_thread_interrupts_a_running_bot() {
    let module = Wat { play: "(loop $l (br $l))", ..Default::default() }.load();
    let stop = sandbox::MatchStop::new();
    let options = PlayerOptions::default()
        .fuel(u64::MAX / 8)
        .wall_clock(Duration::from_secs(3600))
        .cpu_time(Duration::from_secs(3600))
        .stop(stop.clone(), false);
    let stopper = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            stop.stop("the match was cancelled");
        })
    };
    let (played, _) = hostile(&module, 2, options);
    stopper.join().unwrap();
    let f = assert_frozen(&played, 2, FreezeReason::Cpu);
    assert_eq!(f.message, "stopped by the host: the match was cancelled");
}

#[test]
fn each_seat_gets_its_own_instance_and_report() {
    // Four copies of the same module (the sanity match): one factory per seat.
    let module = orders_bot();
    let players: Vec<_> = (0..4).map(|p| module.player(&format!("Copy{p}"))).collect();
    let specs = players.iter().map(|(f, _)| engine::catalog::PlayerSpec::Wire(f.clone())).collect();
    let played = play(specs, ROUNDS, 5);
    assert!(played.summary.players.iter().all(|p| p.frozen.is_none()));
    for (p, (_, log)) in players.iter().enumerate() {
        let r = log.report().unwrap();
        assert_eq!(r.name, format!("Copy{p}"));
        assert_eq!(r.rounds, ROUNDS);
        assert_eq!(played.summary.players[p].cpu, r.cpu_share());
    }
}

#[test]
fn the_wasi_subset_behaves_as_documented() {
    // Round 0 stores each call's result as one byte at 600.., then writes them to stderr.
    let w = "wasi_snapshot_preview1";
    let imports = format!(
        r#"(import "{w}" "fd_read" (func $fd_read (param i32 i32 i32 i32) (result i32)))
           (import "{w}" "fd_close" (func $fd_close (param i32) (result i32)))
           (import "{w}" "fd_seek" (func $fd_seek (param i32 i64 i32 i32) (result i32)))
           (import "{w}" "fd_fdstat_get" (func $fd_fdstat_get (param i32 i32) (result i32)))
           (import "{w}" "environ_sizes_get" (func $environ_sizes_get (param i32 i32) (result i32)))
           (import "{w}" "environ_get" (func $environ_get (param i32 i32) (result i32)))
           (import "{w}" "args_sizes_get" (func $args_sizes_get (param i32 i32) (result i32)))
           (import "{w}" "args_get" (func $args_get (param i32 i32) (result i32)))"#
    );
    let play_body = r#"
    (if (i32.eqz (global.get $round)) (then
      (i32.store (i32.const 700) (i32.const -1)) (i32.store (i32.const 704) (i32.const -1))
      (i32.store8 (i32.const 600) (call $fd_read (i32.const 0) (i32.const 0) (i32.const 0) (i32.const 8)))
      (i32.store8 (i32.const 601) (call $fd_close (i32.const 2)))
      (i32.store8 (i32.const 602) (call $fd_close (i32.const 7)))
      (i32.store8 (i32.const 603) (call $fd_seek (i32.const 2) (i64.const 0) (i32.const 0) (i32.const 8)))
      (i32.store8 (i32.const 604) (call $fd_fdstat_get (i32.const 1) (i32.const 640)))
      (i32.store8 (i32.const 605) (i32.load8_u (i32.const 640)))
      (i32.store8 (i32.const 606) (call $fd_fdstat_get (i32.const 9) (i32.const 640)))
      (i32.store8 (i32.const 607) (call $environ_sizes_get (i32.const 700) (i32.const 704)))
      (i32.store8 (i32.const 608) (i32.add (i32.load (i32.const 700)) (i32.load (i32.const 704))))
      (i32.store8 (i32.const 609) (call $args_sizes_get (i32.const 700) (i32.const 704)))
      (i32.store8 (i32.const 610) (call $environ_get (i32.const 0) (i32.const 0)))
      (i32.store8 (i32.const 611) (call $args_get (i32.const 0) (i32.const 0)))
      (i32.store (i32.const 0) (i32.const 600)) (i32.store (i32.const 4) (i32.const 12))
      (i32.store8 (i32.const 612) (call $fd_write (i32.const 5) (i32.const 0) (i32.const 1) (i32.const 8)))
      (i32.store (i32.const 0) (i32.const 600)) (i32.store (i32.const 4) (i32.const 13))
      (drop (call $fd_write (i32.const 2) (i32.const 0) (i32.const 1) (i32.const 8)))
      (i32.store8 (i32.const 620) (i32.load (i32.const 8)))
      (call $say (i32.const 620) (i32.const 1))))"#;
    let module = Wat { imports: &imports, play: play_body, ..Default::default() }.load();
    let (played, log) = hostile(&module, 1, PlayerOptions::default());
    assert!(played.summary.players[1].frozen.is_none());
    // EBADF, ok, EBADF, ESPIPE, ok, character device, EBADF, ok, 0 + 0, ok, ok, ok, EBADF; 13 written.
    // The unfinished line ends with the call.
    assert_eq!(log.report().unwrap().stderr, [8, 0, 8, 70, 0, 2, 8, 0, 0, 0, 0, 0, 8, 13, b'\n']);
}

#[test]
fn the_start_function_and_initialize_run_first_and_may_log() {
    // The start function logs; _initialize sets a flag arena_play checks.
    let module = Wat {
        start: "(if (i32.eqz (global.get $ready)) (then unreachable))",
        play: "(if (i32.eqz (global.get $ready)) (then unreachable))",
        extra: r#"(global $ready (mut i32) (i32.const 0))
          (start $hello)
          (func $hello (i64.store (i32.const 512) (i64.const 0x0a6f6c6c6568)) (call $say (i32.const 512) (i32.const 6)))
          (func (export "_initialize") (global.set $ready (i32.const 1)))"#,
        ..Default::default()
    }
    .load();
    assert!(module.info().has_initialize);
    let (played, log) = hostile(&module, 2, PlayerOptions::default());
    assert!(played.summary.players[2].frozen.is_none(), "{:?}", played.summary.players[2]);
    assert_eq!(log.report().unwrap().stderr, b"hello\n");
}

#[test]
fn a_buffer_outside_memory_is_a_trap() {
    let text = Wat::default().text().replace(
        "(i32.const 65536))\n  (func (export \"arena_start\")",
        "(i32.const 9999999))\n  (func (export \"arena_start\")",
    );
    let module = sandbox().load(&wat::parse_str(text).unwrap(), Some("pandemic")).unwrap();
    let (played, _) = hostile(&module, 0, PlayerOptions::default());
    let f = assert_frozen(&played, 0, FreezeReason::Trap);
    assert!(f.message.starts_with("arena_alloc("), "{}", f.message);
}

#[test]
fn a_bot_for_another_game_loaded_without_a_game_is_frozen() {
    let text = Wat::default().text().replace("arena_game_pandemic", "arena_game_ork_island");
    let module = sandbox().load(&wat::parse_str(text).unwrap(), None).unwrap();
    let (played, _) = hostile(&module, 3, PlayerOptions::default());
    let f = assert_frozen(&played, 3, FreezeReason::Trap);
    assert_eq!(f.message, "the bot was built for ork-island, not pandemic");
}
