//! The engine's searches share a few slots: a search keeps a core busy for up to a few
//! seconds, so however many arbiters adjudicate and visitors play on the practice board at
//! once, at most one search per spare core runs; the rest wait a bounded time in line and are
//! then told the server is busy (503 with `Retry-After`), their search never started.

use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use super::ServiceError;

/// How long the caller is told to wait before trying again.
const RETRY_AFTER_SECS: u64 = 5;

/// The slots. Cloning shares them.
#[derive(Clone, Debug)]
pub struct EngineSlots {
    inner: Arc<(Mutex<usize>, Condvar)>,
    capacity: usize,
}

/// A taken slot, given back when dropped.
#[derive(Debug)]
pub struct Slot {
    inner: Arc<(Mutex<usize>, Condvar)>,
}

impl EngineSlots {
    /// `capacity` searches at once (at least one).
    #[must_use]
    pub fn new(capacity: usize) -> EngineSlots {
        EngineSlots {
            inner: Arc::new((Mutex::new(0), Condvar::new())),
            capacity: capacity.max(1),
        }
    }

    /// One search per core but one (the other serves the pages), at least one.
    #[must_use]
    pub(crate) fn per_spare_core() -> EngineSlots {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        EngineSlots::new(cores.saturating_sub(1))
    }

    /// Takes a slot, waiting at most `wait` for one.
    pub fn take(&self, wait: Duration) -> Result<Slot, ServiceError> {
        let (lock, freed) = &*self.inner;
        let deadline = Instant::now() + wait;
        let mut busy = lock
            .lock()
            .map_err(|_| ServiceError::Internal("engine slots poisoned".into()))?;
        while *busy >= self.capacity {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(ServiceError::Busy {
                    retry_after_secs: RETRY_AFTER_SECS,
                });
            }
            busy = freed
                .wait_timeout(busy, left)
                .map_err(|_| ServiceError::Internal("engine slots poisoned".into()))?
                .0;
        }
        *busy += 1;
        Ok(Slot {
            inner: Arc::clone(&self.inner),
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let (lock, freed) = &*self.inner;
        if let Ok(mut busy) = lock.lock() {
            *busy = busy.saturating_sub(1);
        }
        freed.notify_one();
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
    fn a_waiting_search_gets_the_slot_when_it_is_given_back() {
        let slots = EngineSlots::new(1);
        let first = slots.take(Duration::ZERO).unwrap();
        let waiting = {
            let slots = slots.clone();
            std::thread::spawn(move || slots.take(Duration::from_secs(60)).is_ok())
        };
        drop(first);
        assert!(waiting.join().unwrap());
    }
}
