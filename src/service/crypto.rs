//! Secrets: random tokens, their stored hashes, password hashes (argon2id) and keyed MACs.

use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Params, Version};
use hmac::{KeyInit, Mac};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The operating system's random source failed; nothing secret can be made.
#[derive(Debug, thiserror::Error)]
#[error("the system random number generator failed: {0}")]
pub struct RandomError(String);

/// A new random secret of 32 bytes (256 bits), in hex.
pub(crate) fn random_token() -> Result<String, RandomError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| RandomError(e.to_string()))?;
    Ok(hex::encode(bytes))
}

/// A new random installation code (`crate::domain::installation::CODE_LENGTH` letters of its
/// alphabet).
pub(crate) fn random_code() -> Result<String, RandomError> {
    use crate::domain::installation::{CODE_ALPHABET, CODE_LENGTH};
    let mut bytes = [0u8; CODE_LENGTH];
    getrandom::fill(&mut bytes).map_err(|e| RandomError(e.to_string()))?;
    // 32 letters: the low five bits of each byte pick one without bias.
    Ok(bytes
        .iter()
        .map(|b| char::from(CODE_ALPHABET[usize::from(b & 31)]))
        .collect())
}

/// The form in which a token is stored: SHA-256, hex. Tokens are random and long, so a fast
/// hash is enough (no dictionary to attack), and lookups stay a single indexed query.
#[must_use]
pub(crate) fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// The memory an argon2id hash works in (19 MiB with the default parameters). Each hashing
/// thread keeps one and reuses it for every hash: allocating and freeing 19 MiB per hash
/// lets the allocator keep ever more of it (glibc raises its mmap threshold after the first
/// free, and later blocks stay in the thread's arena).
#[derive(Default)]
pub struct HashMemory {
    blocks: Vec<argon2::Block>,
}

impl HashMemory {
    /// At least `count` blocks; never more than [`MAX_HASH_BLOCKS`].
    fn blocks(&mut self, count: usize) -> Option<&mut [argon2::Block]> {
        if count > MAX_HASH_BLOCKS {
            return None;
        }
        if self.blocks.len() < count {
            self.blocks.resize(count, argon2::Block::default());
        }
        self.blocks.get_mut(..count)
    }
}

/// The most memory a stored hash may ask for (64 MiB): a hash is ours, but a damaged row must
/// not make the server allocate without bound.
const MAX_HASH_BLOCKS: usize = 64 * 1024;
/// The most passes and lanes a stored hash may ask for.
const MAX_HASH_PASSES: u32 = 10;
const MAX_HASH_LANES: u32 = 8;

/// Hashes a password with argon2id and the OWASP parameters (19 MiB, 2 passes, 1 lane),
/// which are the crate's defaults, as a PHC string, in `memory`.
pub(crate) fn hash_password_in(password: &str, memory: &mut HashMemory) -> Result<String, String> {
    let params = Params::default();
    let argon = Argon2::default();
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| e.to_string())?;
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    let blocks = memory
        .blocks(params.block_count())
        .ok_or("hash memory too large")?;
    argon
        .hash_password_into_with_memory(password.as_bytes(), &salt, &mut out, blocks)
        .map_err(|e| e.to_string())?;
    let phc = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(|e| e.to_string())?,
        salt: Some(Salt::new(&salt).map_err(|e| e.to_string())?),
        hash: Some(Output::new(&out).map_err(|e| e.to_string())?),
    };
    Ok(phc.to_string())
}

/// Whether `password` matches the PHC string `hash`, computed in `memory`. A malformed stored
/// hash never matches.
#[must_use]
pub(crate) fn verify_password_in(password: &str, hash: &str, memory: &mut HashMemory) -> bool {
    let Ok(parsed) = PasswordHash::new(hash) else {
        return false;
    };
    let Ok(algorithm) = Algorithm::try_from(parsed.algorithm.as_str()) else {
        return false;
    };
    let version = match parsed.version.map(Version::try_from) {
        None => Version::default(),
        Some(Ok(v)) => v,
        Some(Err(_)) => return false,
    };
    let (Ok(params), Some(salt), Some(expected)) =
        (Params::try_from(&parsed), parsed.salt, parsed.hash)
    else {
        return false;
    };
    // A stored hash is ours; a damaged one must not make a check run for minutes either.
    if params.t_cost() > MAX_HASH_PASSES || params.p_cost() > MAX_HASH_LANES {
        return false;
    }
    let Some(blocks) = memory.blocks(params.block_count()) else {
        return false;
    };
    let mut out = vec![0u8; expected.len()];
    let computed = Argon2::new(algorithm, version, params).hash_password_into_with_memory(
        password.as_bytes(),
        salt.as_ref(),
        &mut out,
        blocks,
    );
    computed.is_ok() && bool::from(out.as_slice().ct_eq(expected.as_bytes()))
}

/// [`hash_password_in`] with memory of its own.
#[cfg(test)]
pub(crate) fn hash_password(password: &str) -> Result<String, String> {
    hash_password_in(password, &mut HashMemory::default())
}

/// [`verify_password_in`] with memory of its own.
#[cfg(test)]
#[must_use]
pub(crate) fn verify_password(password: &str, hash: &str) -> bool {
    verify_password_in(password, hash, &mut HashMemory::default())
}

/// HMAC-SHA256 of `message` under `key`, in hex.
#[must_use]
pub(crate) fn mac(key: &[u8], message: &str) -> String {
    match hmac::Hmac::<Sha256>::new_from_slice(key) {
        Ok(mut m) => {
            m.update(message.as_bytes());
            hex::encode(m.finalize().into_bytes())
        }
        // HMAC accepts keys of any length; this arm cannot be reached with a real key.
        Err(_) => String::new(),
    }
}

/// Compares two secrets in constant time.
#[must_use]
pub(crate) fn same_secret(a: &str, b: &str) -> bool {
    !a.is_empty() && a.as_bytes().ct_eq(b.as_bytes()).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_hash_with_argon2id_and_verify() {
        let hash = hash_password("correct horse").unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("wrong horse", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn hashes_agree_with_the_argon2_crates_own() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let mut memory = HashMemory::default();
        // Ours verifies with the crate's verifier, and the crate's with ours, in one memory.
        let ours = hash_password_in("correct horse", &mut memory).unwrap();
        assert!(
            Argon2::default()
                .verify_password(b"correct horse", ours.as_str())
                .is_ok()
        );
        let theirs = Argon2::default()
            .hash_password(b"battery staple")
            .unwrap()
            .to_string();
        assert!(verify_password_in("battery staple", &theirs, &mut memory));
        assert!(!verify_password_in("battery", &theirs, &mut memory));
        // Another parameter set (as an older installation might have stored) still verifies.
        let light = Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            Params::new(4096, 3, 1, None).unwrap(),
        )
        .hash_password(b"old one")
        .unwrap()
        .to_string();
        assert!(verify_password_in("old one", &light, &mut memory));
        // A stored hash asking for absurd memory is refused, not allocated.
        let greedy = ours.replace("m=19456", "m=4000000");
        assert!(!verify_password_in("correct horse", &greedy, &mut memory));
        let slow = ours.replace("t=2", "t=1000");
        assert!(!verify_password_in("correct horse", &slow, &mut memory));
    }

    #[test]
    fn tokens_are_random_and_hashed() {
        let a = random_token().unwrap();
        let b = random_token().unwrap();
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
        assert!(same_secret(&a, &a.clone()));
        assert!(!same_secret(&a, &b));
        assert!(!same_secret("", ""));
    }
}
