//! Results computed once per version of an event, whoever asks and however often.
//!
//! Some answers are expensive to compute (the explanation of a 500-player Swiss round takes
//! most of a second; the exports walk every game) and change only when the event does. A
//! [`Memo`] keeps each one for the event's current version, and computes it once even when many
//! requests ask at the same moment: the first computes, the others wait for its answer. A new
//! version of the event drops that event's older answers.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

/// What an answer belongs to: an event, its version, and which answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemoKey {
    pub event: crate::domain::EventId,
    pub version: i32,
    pub what: String,
}

type Slot<V> = Arc<Mutex<Option<V>>>;

/// Answers per event version, at most `capacity` of them; past that the one asked for least
/// recently makes room (so a visitor cycling through many pages evicts one answer at a time,
/// never the whole store).
#[derive(Debug)]
pub struct Memo<V> {
    slots: Mutex<Slots<V>>,
    capacity: usize,
}

#[derive(Debug)]
struct Slots<V> {
    entries: HashMap<MemoKey, (u64, Slot<V>)>,
    /// A counter of uses, to know which entry was used least recently.
    clock: u64,
}

impl<V: Clone> Memo<V> {
    #[must_use]
    pub(crate) fn new(capacity: usize) -> Memo<V> {
        Memo {
            slots: Mutex::new(Slots {
                entries: HashMap::new(),
                clock: 0,
            }),
            capacity: capacity.max(1),
        }
    }

    /// The stored answer for `key`, or the one `compute` gives (stored when it succeeds).
    /// Concurrent callers with the same key wait for one computation.
    pub(crate) fn get_or_try<E>(
        &self,
        key: MemoKey,
        compute: impl FnOnce() -> Result<V, E>,
    ) -> Result<V, E> {
        let slot = {
            let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
            slots.clock += 1;
            let now = slots.clock;
            if !slots.entries.contains_key(&key) {
                // Older versions of this event are never asked for again.
                slots
                    .entries
                    .retain(|k, _| k.event != key.event || k.version >= key.version);
                if slots.entries.len() >= self.capacity {
                    let oldest = slots
                        .entries
                        .iter()
                        .min_by_key(|(_, (used, _))| *used)
                        .map(|(k, _)| k.clone());
                    if let Some(oldest) = oldest {
                        slots.entries.remove(&oldest);
                    }
                }
            }
            let entry = slots.entries.entry(key).or_default();
            entry.0 = now;
            Arc::clone(&entry.1)
        };
        let mut answer = slot.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(value) = answer.as_ref() {
            return Ok(value.clone());
        }
        let value = compute()?;
        *answer = Some(value.clone());
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    fn key(event: i32, version: i32, what: &str) -> MemoKey {
        MemoKey {
            event: crate::domain::EventId(event),
            version,
            what: what.to_string(),
        }
    }

    #[test]
    fn an_answer_is_computed_once_per_version() {
        let memo = Memo::new(16);
        let calls = AtomicUsize::new(0);
        let compute = || {
            calls.fetch_add(1, Ordering::SeqCst);
            Ok::<_, ()>(calls.load(Ordering::SeqCst))
        };
        assert_eq!(memo.get_or_try(key(1, 1, "why:3"), compute), Ok(1));
        assert_eq!(memo.get_or_try(key(1, 1, "why:3"), compute), Ok(1));
        assert_eq!(memo.get_or_try(key(1, 2, "why:3"), compute), Ok(2));
        assert_eq!(memo.get_or_try(key(2, 1, "why:3"), compute), Ok(3));
        // Version 1 of event 1 was dropped when version 2 came.
        assert_eq!(memo.get_or_try(key(1, 1, "why:3"), compute), Ok(4));
        assert_eq!(calls.load(Ordering::SeqCst), 4);
    }

    #[test]
    fn a_failure_is_not_kept() {
        let memo: Memo<i32> = Memo::new(4);
        assert_eq!(memo.get_or_try(key(1, 1, "x"), || Err("down")), Err("down"));
        assert_eq!(memo.get_or_try(key(1, 1, "x"), || Ok::<_, &str>(5)), Ok(5));
    }

    #[test]
    fn simultaneous_callers_share_one_computation() {
        let memo = Arc::new(Memo::new(4));
        let calls = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (memo, calls) = (Arc::clone(&memo), Arc::clone(&calls));
                std::thread::spawn(move || {
                    memo.get_or_try(key(1, 1, "slow"), || {
                        calls.fetch_add(1, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        Ok::<_, ()>(42)
                    })
                })
            })
            .collect();
        for t in threads {
            assert_eq!(t.join().unwrap(), Ok(42));
        }
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn the_store_stays_bounded_and_keeps_what_is_used() {
        let memo = Memo::new(8);
        let calls = AtomicUsize::new(0);
        let count = |v: i32| {
            calls.fetch_add(1, Ordering::SeqCst);
            Ok::<_, ()>(v)
        };
        memo.get_or_try(key(0, 1, "often"), || count(0)).unwrap();
        for i in 1..100 {
            memo.get_or_try(key(i, 1, "once"), || count(i)).unwrap();
            // The answer asked for all along stays.
            memo.get_or_try(key(0, 1, "often"), || count(-1)).unwrap();
        }
        assert!(memo.slots.lock().unwrap().entries.len() <= 8);
        assert_eq!(calls.load(Ordering::SeqCst), 100);
    }
}
