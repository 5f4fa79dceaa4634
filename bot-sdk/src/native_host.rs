//! The host calls of [`crate::abi`] when running natively (feature `native`): they go to the
//! engine's `WireTurn` of the round being played on this thread. A leaf, so that `abi` and
//! `native` both use it without a cycle.

use engine::wire::WireTurn;
use std::cell::Cell;
use std::ptr::NonNull;

thread_local! {
    /// The turn of the round being played on this thread, set by [`enter`].
    static TURN: Cell<Option<NonNull<dyn WireTurn>>> = const { Cell::new(None) };
}

/// Unwinding payload: the bot gave too many orders and is stopped at once.
pub(crate) struct OrdersAbort(pub String);

/// Clears the current turn when dropped.
pub(crate) struct Entered(());

impl Drop for Entered {
    fn drop(&mut self) {
        TURN.with(|t| t.set(None));
    }
}

/// Makes `turn` the target of the host calls until the guard is dropped.
pub(crate) fn enter<'a>(turn: &'a mut (dyn WireTurn + 'a)) -> Entered {
    let p: NonNull<dyn WireTurn + 'a> = NonNull::from(turn);
    // SAFETY: only the lifetime is erased; the guard clears the pointer before `'a` ends
    // (it is dropped at the end of `NativeBot::play`, also when the bot panics).
    let p: NonNull<dyn WireTurn + 'static> = unsafe { std::mem::transmute(p) };
    TURN.with(|t| t.set(Some(p)));
    Entered(())
}

fn with_turn<R>(f: impl FnOnce(&mut dyn WireTurn) -> R) -> R {
    // Taken out while in use, so a nested call cannot alias it.
    let Some(mut p) = TURN.with(|t| t.take()) else {
        panic!(
            "arena_bot: a host call (random, orders) outside a round: natively, bots run inside \
             arena_bot::native::NativeBot::play"
        )
    };
    // SAFETY: set by `enter` from a live `&mut`, used by one call at a time.
    let r = f(unsafe { p.as_mut() });
    TURN.with(|t| t.set(Some(p)));
    r
}

pub fn random(l: i32, u: i32) -> i32 {
    with_turn(|t| t.random(l, u))
}

pub fn orders(records: &[u8], _count: usize) {
    if let Err(e) = with_turn(|t| t.orders(records)) {
        // The sandbox aborts the bot in the middle of the call; do the same.
        std::panic::resume_unwind(Box::new(OrdersAbort(e.to_string())))
    }
}
