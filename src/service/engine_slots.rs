//! The engine's searches share a few slots: a search keeps a core busy for up to a few
//! seconds, so however many arbiters adjudicate and visitors play on the practice board at
//! once, at most one search per spare core runs; the rest wait a bounded time in line and are
//! then told the server is busy (503 with `Retry-After`), their search never started. An
//! arbiter's adjudication goes first: while one waits, no other search takes a freed slot.

use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use super::ServiceError;

/// How long the caller is told to wait before trying again.
const RETRY_AFTER_SECS: u64 = 5;

/// The slots. Cloning shares them.
#[derive(Clone, Debug)]
pub struct EngineSlots {
    inner: Arc<(Mutex<Taken>, Condvar)>,
    capacity: usize,
}

/// The slots in use, and the urgent searches waiting for one.
#[derive(Debug, Default)]
struct Taken {
    busy: usize,
    urgent_waiting: usize,
}

/// A taken slot, given back when dropped.
#[derive(Debug)]
pub struct Slot {
    inner: Arc<(Mutex<Taken>, Condvar)>,
}

impl EngineSlots {
    /// `capacity` searches at once (at least one).
    #[must_use]
    pub fn new(capacity: usize) -> EngineSlots {
        EngineSlots {
            inner: Arc::new((Mutex::new(Taken::default()), Condvar::new())),
            capacity: capacity.max(1),
        }
    }

    /// One search per core but one (the other serves the pages), at least one.
    #[must_use]
    pub(crate) fn per_spare_core() -> EngineSlots {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        EngineSlots::new(cores.saturating_sub(1))
    }

    /// Takes a slot, waiting at most `wait` for one (behind any urgent search).
    pub fn take(&self, wait: Duration) -> Result<Slot, ServiceError> {
        self.take_as(wait, false)
    }

    /// Takes a slot before any search that is not urgent, waiting at most `wait` for one.
    pub fn take_urgent(&self, wait: Duration) -> Result<Slot, ServiceError> {
        self.take_as(wait, true)
    }

    fn take_as(&self, wait: Duration, urgent: bool) -> Result<Slot, ServiceError> {
        let poisoned = || ServiceError::Internal("engine slots poisoned".into());
        let (lock, freed) = &*self.inner;
        let deadline = Instant::now() + wait;
        let mut taken = lock.lock().map_err(|_| poisoned())?;
        if urgent {
            taken.urgent_waiting += 1;
        }
        loop {
            let free = taken.busy < self.capacity && (urgent || taken.urgent_waiting == 0);
            if free {
                break;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                if urgent {
                    taken.urgent_waiting -= 1;
                    // Others may have been held back for this search only.
                    freed.notify_all();
                }
                return Err(ServiceError::Busy {
                    retry_after_secs: RETRY_AFTER_SECS,
                });
            }
            taken = freed.wait_timeout(taken, left).map_err(|_| poisoned())?.0;
        }
        if urgent {
            taken.urgent_waiting -= 1;
        }
        taken.busy += 1;
        Ok(Slot {
            inner: Arc::clone(&self.inner),
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let (lock, freed) = &*self.inner;
        if let Ok(mut taken) = lock.lock() {
            taken.busy = taken.busy.saturating_sub(1);
        }
        // Every waiter looks again: an urgent one among them goes first.
        freed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_house_answers_busy_and_a_freed_slot_is_taken_again() {
        let slots = EngineSlots::new(1);
        let first = slots.take(Duration::ZERO).unwrap();
        assert!(matches!(
            slots.take(Duration::from_millis(1)),
            Err(ServiceError::Busy { .. })
        ));
        drop(first);
        assert!(slots.take(Duration::ZERO).is_ok());
    }

    #[test]
    fn an_urgent_search_waiting_holds_the_freed_slot_for_itself() {
        let slots = EngineSlots::new(1);
        let first = slots.take(Duration::ZERO).unwrap();
        let (release, released) = std::sync::mpsc::channel::<()>();
        let urgent = {
            let slots = slots.clone();
            std::thread::spawn(move || {
                let slot = slots.take_urgent(Duration::from_mins(1));
                // Held until the test has looked.
                let _ = released.recv();
                slot.map(|_| ())
            })
        };
        while slots.inner.0.lock().unwrap().urgent_waiting == 0 {
            std::thread::yield_now();
        }
        // The slot given back goes to the urgent search, whether or not it has woken yet.
        drop(first);
        assert!(matches!(
            slots.take(Duration::ZERO),
            Err(ServiceError::Busy { .. })
        ));
        release.send(()).unwrap();
        assert!(urgent.join().unwrap().is_ok());
        assert!(slots.take(Duration::ZERO).is_ok());
    }

    #[test]
    fn a_waiting_search_gets_the_slot_when_it_is_given_back() {
        let slots = EngineSlots::new(1);
        let first = slots.take(Duration::ZERO).unwrap();
        let waiting = {
            let slots = slots.clone();
            std::thread::spawn(move || slots.take(Duration::from_mins(1)).is_ok())
        };
        drop(first);
        assert!(waiting.join().unwrap());
    }
}
