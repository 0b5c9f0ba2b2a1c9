//! Results computed once per version of what they show, whoever asks and however often.
//!
//! Some answers are expensive to compute (the explanation of a 500-player Swiss round takes
//! most of a second; the exports walk every game; the rating list reads every person) and
//! change only when what they show does. A [`Memo`] keeps each one for its current version,
//! and computes it once even when many requests ask at the same moment: the first computes,
//! the others wait for its answer. A new version of an event drops that event's older answers.
//! A memo is bounded in entries and in bytes: past either, the answer asked for least recently
//! makes room.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

/// Whose version an answer is valid for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemoScope {
    /// An event: its version only grows, so an answer for an older one is never asked again.
    Event(crate::domain::EventId),
    /// The national rating list (its version is a digest of counters: only equality counts).
    RatingList,
}

/// What an answer belongs to: its scope, the version, and which answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemoKey {
    pub scope: MemoScope,
    pub version: u64,
    pub what: String,
}

impl MemoKey {
    /// An answer about an event, at its version.
    pub(crate) fn event(event: &crate::domain::Event, version: i32, what: String) -> MemoKey {
        MemoKey {
            scope: MemoScope::Event(event.id),
            version: u64::try_from(version).unwrap_or_default(),
            what,
        }
    }
}

type Slot<V> = Arc<Mutex<Option<V>>>;

/// Answers per version, at most `capacity` of them and about `budget` bytes (as `weigh`
/// reckons each); past that the one asked for least recently makes room (so a visitor
/// cycling through many pages evicts one answer at a time, never the whole store).
#[derive(Debug)]
pub struct Memo<V> {
    slots: Mutex<Slots<V>>,
    capacity: usize,
    budget: usize,
    weigh: fn(&V) -> usize,
}

#[derive(Debug)]
struct Slots<V> {
    entries: HashMap<MemoKey, Entry<V>>,
    /// A counter of uses, to know which entry was used least recently.
    clock: u64,
    /// The bytes of the answers computed, as weighed.
    bytes: usize,
}

#[derive(Debug)]
struct Entry<V> {
    used: u64,
    slot: Slot<V>,
    /// Its answer's weight, once computed.
    bytes: usize,
}

impl<V: Clone> Memo<V> {
    #[must_use]
    pub(crate) fn new(capacity: usize, budget: usize, weigh: fn(&V) -> usize) -> Memo<V> {
        Memo {
            slots: Mutex::new(Slots {
                entries: HashMap::new(),
                clock: 0,
                bytes: 0,
            }),
            capacity: capacity.max(1),
            budget,
            weigh,
        }
    }

    /// The stored answer for `key`, or the one `compute` gives (stored when it succeeds and
    /// fits the budget). Concurrent callers with the same key wait for one computation.
    pub(crate) fn get_or_try<E>(
        &self,
        key: &MemoKey,
        compute: impl FnOnce() -> Result<V, E>,
    ) -> Result<V, E> {
        let slot = {
            let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
            slots.clock += 1;
            let now = slots.clock;
            if !slots.entries.contains_key(key) {
                if matches!(key.scope, MemoScope::Event(_)) {
                    // Older versions of this event are never asked for again.
                    let stale: Vec<MemoKey> = slots
                        .entries
                        .keys()
                        .filter(|k| k.scope == key.scope && k.version < key.version)
                        .cloned()
                        .collect();
                    for k in stale {
                        slots.remove(&k);
                    }
                }
                slots.make_room(self.capacity - 1, self.budget);
            }
            let entry = slots.entries.entry(key.clone()).or_insert_with(|| Entry {
                used: now,
                slot: Slot::default(),
                bytes: 0,
            });
            entry.used = now;
            Arc::clone(&entry.slot)
        };
        let mut answer = slot.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(value) = answer.as_ref() {
            return Ok(value.clone());
        }
        let value = compute()?;
        let weight = (self.weigh)(&value);
        // The callers waiting for this computation take its answer either way.
        *answer = Some(value.clone());
        if weight > self.budget {
            // Too large to keep: the next caller computes again.
            let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
            if slots
                .entries
                .get(key)
                .is_some_and(|e| Arc::ptr_eq(&e.slot, &slot))
            {
                slots.remove(key);
            }
        } else {
            let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
            let kept = slots
                .entries
                .get_mut(key)
                .filter(|e| Arc::ptr_eq(&e.slot, &slot))
                .map(|e| std::mem::replace(&mut e.bytes, weight));
            if let Some(before) = kept {
                slots.bytes = slots.bytes - before + weight;
                // Room for this answer: the ones asked for least recently make it.
                while slots.bytes > self.budget {
                    let Some(oldest) = slots.least_recent_except(key) else {
                        break;
                    };
                    slots.remove(&oldest);
                }
            }
        }
        Ok(value)
    }
}

impl<V> Slots<V> {
    fn remove(&mut self, key: &MemoKey) {
        if let Some(entry) = self.entries.remove(key) {
            self.bytes -= entry.bytes;
        }
    }

    /// The entry asked for least recently, other than `keep`.
    fn least_recent_except(&self, keep: &MemoKey) -> Option<MemoKey> {
        self.entries
            .iter()
            .filter(|(k, _)| *k != keep)
            .min_by_key(|(_, e)| e.used)
            .map(|(k, _)| k.clone())
    }

    /// Drops the entries asked for least recently until at most `entries` remain and their
    /// bytes are within `budget`.
    fn make_room(&mut self, entries: usize, budget: usize) {
        while self.entries.len() > entries || self.bytes > budget {
            let Some(oldest) = self
                .entries
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            self.remove(&oldest);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    fn key(event: i32, version: u64, what: &str) -> MemoKey {
        MemoKey {
            scope: MemoScope::Event(crate::domain::EventId(event)),
            version,
            what: what.to_string(),
        }
    }

    #[expect(
        clippy::trivially_copy_pass_by_ref,
        reason = "the weight a memo takes reads its value by reference"
    )]
    fn one(_: &usize) -> usize {
        1
    }

    #[test]
    fn an_answer_is_computed_once_per_version() {
        let memo = Memo::new(16, 1000, one);
        let calls = AtomicUsize::new(0);
        let compute = || {
            calls.fetch_add(1, Ordering::SeqCst);
            Ok::<_, ()>(calls.load(Ordering::SeqCst))
        };
        assert_eq!(memo.get_or_try(&key(1, 1, "why:3"), compute), Ok(1));
        assert_eq!(memo.get_or_try(&key(1, 1, "why:3"), compute), Ok(1));
        assert_eq!(memo.get_or_try(&key(1, 2, "why:3"), compute), Ok(2));
        assert_eq!(memo.get_or_try(&key(2, 1, "why:3"), compute), Ok(3));
        // Version 1 of event 1 was dropped when version 2 came.
        assert_eq!(memo.get_or_try(&key(1, 1, "why:3"), compute), Ok(4));
        assert_eq!(calls.load(Ordering::SeqCst), 4);
    }

    #[test]
    fn a_failure_is_not_kept() {
        let memo: Memo<i32> = Memo::new(4, 1000, |_| 1);
        assert_eq!(
            memo.get_or_try(&key(1, 1, "x"), || Err("down")),
            Err("down")
        );
        assert_eq!(memo.get_or_try(&key(1, 1, "x"), || Ok::<_, &str>(5)), Ok(5));
    }

    #[test]
    fn simultaneous_callers_share_one_computation() {
        let memo = Arc::new(Memo::new(4, 1000, |_: &i32| 1));
        let calls = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (memo, calls) = (Arc::clone(&memo), Arc::clone(&calls));
                std::thread::spawn(move || {
                    memo.get_or_try(&key(1, 1, "slow"), || {
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
        let memo = Memo::new(8, 1000, |_: &i32| 1);
        let calls = AtomicUsize::new(0);
        let count = |v: i32| {
            calls.fetch_add(1, Ordering::SeqCst);
            Ok::<_, ()>(v)
        };
        memo.get_or_try(&key(0, 1, "often"), || count(0)).unwrap();
        for i in 1..100 {
            memo.get_or_try(&key(i, 1, "once"), || count(i)).unwrap();
            // The answer asked for all along stays.
            memo.get_or_try(&key(0, 1, "often"), || count(-1)).unwrap();
        }
        assert!(memo.slots.lock().unwrap().entries.len() <= 8);
        assert_eq!(calls.load(Ordering::SeqCst), 100);
    }

    #[test]
    fn the_store_stays_within_its_bytes() {
        let memo = Memo::new(100, 1000, |v: &Arc<String>| v.len());
        let text = |n: usize| Ok::<_, ()>(Arc::new("x".repeat(n)));
        memo.get_or_try(&key(0, 1, "kept"), || text(300)).unwrap();
        for i in 1..50 {
            memo.get_or_try(&key(i, 1, "export"), || text(300)).unwrap();
            memo.get_or_try(&key(0, 1, "kept"), || text(1)).unwrap();
            let slots = memo.slots.lock().unwrap();
            assert!(slots.bytes <= 1000, "{} bytes", slots.bytes);
        }
        // The answer asked for all along was never dropped.
        assert_eq!(
            memo.get_or_try(&key(0, 1, "kept"), || text(1))
                .unwrap()
                .len(),
            300
        );
        // An answer larger than the whole budget is answered and not kept.
        assert_eq!(
            memo.get_or_try(&key(9, 1, "huge"), || text(5000))
                .unwrap()
                .len(),
            5000
        );
        assert_eq!(
            memo.get_or_try(&key(9, 1, "huge"), || text(7))
                .unwrap()
                .len(),
            7
        );
    }

    #[test]
    fn a_digest_version_keeps_older_ones_until_they_make_room() {
        let memo = Memo::new(8, 1000, |_: &i32| 1);
        let list = |version| MemoKey {
            scope: MemoScope::RatingList,
            version,
            what: "2026-12".into(),
        };
        memo.get_or_try(&list(900), || Ok::<_, ()>(1)).unwrap();
        memo.get_or_try(&list(5), || Ok::<_, ()>(2)).unwrap();
        assert_eq!(memo.get_or_try(&list(900), || Ok::<_, ()>(3)), Ok(1));
    }
}
