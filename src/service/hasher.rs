//! Password hashing on a few threads of its own, at most one hash per core at a time.
//!
//! Each argon2id hash takes 19 MiB and some 20 ms of a core. Run on the shared blocking pool,
//! a burst of sign-ups or logins would hash on hundreds of threads at once: the server's
//! memory grows by 19 MiB per thread, and stays grown, because memory freed by a hash goes
//! back to that thread's allocator arena, not to the system. Here the hashes wait in line for
//! a small, fixed set of threads instead; a request that waits longer than its bound is told
//! the server is busy (503 with `Retry-After`), and its hash is never started.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::crypto::{self, HashMemory};

/// Hashes waiting for a thread, beyond which a request is refused at once (503). Each waiting
/// request holds one of the server's blocking threads, which database work needs too; 128 is
/// about a second and a half of hashing on two cores.
const QUEUE: usize = 128;

/// The hashing threads were all busy for longer than the caller may wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("password hashing is busy; try again in {retry_after_secs} s")]
pub struct Busy {
    pub retry_after_secs: u64,
}

type Work = Box<dyn FnOnce(&mut HashMemory) + Send>;

/// A job's life: waiting in line, then either started by a thread or given up by its caller,
/// whichever comes first.
const WAITING: u8 = 0;
const STARTED: u8 = 1;
const ABANDONED: u8 = 2;

struct Job {
    state: Arc<AtomicU8>,
    work: Work,
}

/// The queue and its threads. Cloning shares them.
#[derive(Clone)]
pub struct Hasher {
    queue: SyncSender<Job>,
    wait: Duration,
    threads: usize,
}

impl std::fmt::Debug for Hasher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hasher")
            .field("threads", &self.threads)
            .field("wait", &self.wait)
            .finish_non_exhaustive()
    }
}

impl Hasher {
    /// `threads` hashing threads (at least one); a caller waits at most `wait` for its turn.
    pub fn start(threads: usize, wait: Duration) -> std::io::Result<Hasher> {
        let threads = threads.max(1);
        let (queue, jobs) = mpsc::sync_channel::<Job>(QUEUE);
        let jobs = Arc::new(Mutex::new(jobs));
        for n in 0..threads {
            let jobs = Arc::clone(&jobs);
            std::thread::Builder::new()
                .name(format!("kiela-hash-{n}"))
                .spawn(move || work_through(&jobs))?;
        }
        Ok(Hasher {
            queue,
            wait,
            threads,
        })
    }

    /// One thread per core.
    pub(crate) fn per_core(wait: Duration) -> std::io::Result<Hasher> {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        Hasher::start(cores, wait)
    }

    /// Hashes a new password (argon2id, PHC string).
    pub(crate) fn hash(&self, password: &str) -> Result<Result<String, String>, Busy> {
        let password = password.to_string();
        self.run(move |memory| crypto::hash_password_in(&password, memory))
    }

    /// Whether `password` matches the stored PHC string `hash`.
    pub(crate) fn verify(&self, password: &str, hash: &str) -> Result<bool, Busy> {
        let (password, hash) = (password.to_string(), hash.to_string());
        self.run(move |memory| crypto::verify_password_in(&password, &hash, memory))
    }

    fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut HashMemory) -> T + Send + 'static,
    ) -> Result<T, Busy> {
        let busy = Busy {
            retry_after_secs: self.wait.as_secs().max(1),
        };
        let (reply, answer) = mpsc::sync_channel(1);
        let state = Arc::new(AtomicU8::new(WAITING));
        let job = Job {
            state: Arc::clone(&state),
            work: Box::new(move |memory| {
                let _ = reply.send(work(memory));
            }),
        };
        if self.queue.try_send(job).is_err() {
            return Err(busy);
        }
        match answer.recv_timeout(self.wait) {
            Ok(value) => return Ok(value),
            Err(RecvTimeoutError::Disconnected) => return Err(busy),
            Err(RecvTimeoutError::Timeout) => {}
        }
        // Still not answered: give the job up unless a thread has already started it, in
        // which case it finishes within milliseconds.
        match state.compare_exchange(WAITING, ABANDONED, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => Err(busy),
            Err(_) => answer.recv().map_err(|_| busy),
        }
    }
}

fn work_through(jobs: &Mutex<Receiver<Job>>) {
    // One hash's memory per thread, kept for the thread's life.
    let mut memory = HashMemory::default();
    loop {
        let job = {
            let Ok(jobs) = jobs.lock() else { return };
            match jobs.recv() {
                Ok(job) => job,
                Err(_) => return,
            }
        };
        let claimed = job
            .state
            .compare_exchange(WAITING, STARTED, Ordering::AcqRel, Ordering::Acquire)
            .is_ok();
        if claimed {
            (job.work)(&mut memory);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_and_verifies_on_its_threads() {
        let hasher = Hasher::start(1, Duration::from_secs(10)).unwrap();
        let hash = hasher.hash("correct horse").unwrap().unwrap();
        assert!(hasher.verify("correct horse", &hash).unwrap());
        assert!(!hasher.verify("wrong horse", &hash).unwrap());
    }

    #[test]
    fn a_caller_that_waits_too_long_is_told_busy_and_its_job_never_runs() {
        let hasher = Hasher::start(1, Duration::from_millis(50)).unwrap();
        // Occupy the only thread until released.
        let (release, held) = mpsc::channel::<()>();
        let (started, running) = mpsc::channel::<()>();
        let blocker = hasher.clone();
        let first = std::thread::spawn(move || {
            blocker.run(move |_| {
                started.send(()).unwrap();
                held.recv().unwrap();
            })
        });
        running.recv().unwrap();
        let ran = Arc::new(Mutex::new(false));
        let flag = Arc::clone(&ran);
        let second = hasher.run(move |_| *flag.lock().unwrap() = true);
        assert_eq!(
            second,
            Err(Busy {
                retry_after_secs: 1
            })
        );
        release.send(()).unwrap();
        assert!(first.join().unwrap().is_ok());
        // The thread is free again and takes new work; the expired job was dropped unrun.
        assert_eq!(hasher.run(|_| 7).unwrap(), 7);
        assert!(!*ran.lock().unwrap());
    }
}
