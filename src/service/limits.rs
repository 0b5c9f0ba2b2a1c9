//! Rate limits kept in the database, so that they hold across app servers: attempts are
//! counted per key (an account, a client address) within a sliding window.
//!
//! An attempt is reserved before the expensive work it guards (a password hash), in a short
//! transaction that counts and adds under a lock of the key: however many requests arrive at
//! once, no more than the limit get past the count. An attempt that turns out well is
//! released again; a failed one stays counted until it leaves the window.

use chrono::{NaiveDateTime, TimeDelta};

use super::ServiceError;
use crate::db::{self, DbConnection, accounts as q, write_transaction};

/// One limit: at most `max` attempts under `key` within the window.
#[derive(Clone, Debug)]
pub(crate) struct Limit {
    pub key: String,
    pub max: u32,
}

impl Limit {
    pub(crate) fn new(key: impl Into<String>, max: u32) -> Limit {
        Limit {
            key: key.into(),
            max,
        }
    }
}

/// Attempts counted by [`reserve`], one row per limit.
#[derive(Debug)]
#[must_use = "a reservation is released when the attempt succeeds, or kept when it fails"]
pub(crate) struct Reservation {
    ids: Vec<i32>,
}

/// Counts one attempt under every limit, or refuses (429) when any of them is reached.
pub(crate) fn reserve(
    conn: &mut DbConnection,
    limits: &[Limit],
    window: TimeDelta,
) -> Result<Reservation, ServiceError> {
    let mut ordered: Vec<&Limit> = limits.iter().collect();
    // Always the same order of locks, so two requests never wait on each other's.
    ordered.sort_by(|a, b| a.key.cmp(&b.key));
    write_transaction(conn, |conn| {
        let now = db::now();
        let since = now - window;
        for limit in &ordered {
            db::lock_key(conn, &limit.key)?;
        }
        for limit in &ordered {
            if q::count_login_failures(conn, &limit.key, since)? >= i64::from(limit.max) {
                let oldest = q::oldest_login_failure(conn, &limit.key, since)?;
                return Err(ServiceError::RateLimited {
                    retry_after_secs: retry_after(oldest, window, now),
                });
            }
        }
        let mut ids = Vec::with_capacity(ordered.len());
        for limit in &ordered {
            ids.push(q::record_login_failure(conn, &limit.key, now)?);
        }
        Ok(Reservation { ids })
    })
}

/// Seconds until the oldest attempt in the window leaves it (at least one).
fn retry_after(oldest: Option<NaiveDateTime>, window: TimeDelta, now: NaiveDateTime) -> u64 {
    let lifts = oldest.map_or(now + window, |t| t + window);
    (lifts - now).num_seconds().max(1).unsigned_abs()
}

/// The attempt turned out well (or never took place): it no longer counts.
#[expect(
    clippy::needless_pass_by_value,
    reason = "a reservation is released once: taking it ends its life"
)]
pub(crate) fn release(
    conn: &mut DbConnection,
    reservation: Reservation,
) -> Result<(), ServiceError> {
    release_ids(conn, &reservation)
}

/// [`release`] inside a larger transaction that may still fail (the reservation is then
/// released by the caller's error path).
pub(crate) fn release_ids(
    conn: &mut DbConnection,
    reservation: &Reservation,
) -> Result<(), ServiceError> {
    q::delete_login_failures(conn, &reservation.ids)?;
    Ok(())
}

/// Forgets every attempt under a key (after a successful login to that account).
pub(crate) fn clear(conn: &mut DbConnection, key: &str) -> Result<(), ServiceError> {
    q::clear_login_failures(conn, key)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_counts_down_from_the_oldest_attempt() {
        let now = chrono::DateTime::from_timestamp(10_000, 0)
            .unwrap_or_default()
            .naive_utc();
        let window = TimeDelta::minutes(15);
        assert_eq!(
            retry_after(Some(now - TimeDelta::minutes(5)), window, now),
            600
        );
        assert_eq!(retry_after(None, window, now), 900);
        assert_eq!(retry_after(Some(now - window), window, now), 1);
    }
}
