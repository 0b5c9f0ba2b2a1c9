//! Secrets: random tokens, their stored hashes, password hashes (argon2id) and keyed MACs.

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use hmac::{KeyInit, Mac};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The operating system's random source failed; nothing secret can be made.
#[derive(Debug, thiserror::Error)]
#[error("the system random number generator failed: {0}")]
pub struct RandomError(String);

/// A new random secret of 32 bytes (256 bits), in hex.
pub fn random_token() -> Result<String, RandomError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| RandomError(e.to_string()))?;
    Ok(hex::encode(bytes))
}

/// The form in which a token is stored: SHA-256, hex. Tokens are random and long, so a fast
/// hash is enough (no dictionary to attack), and lookups stay a single indexed query.
#[must_use]
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Hashes a password with argon2id and the OWASP parameters (19 MiB, 2 passes, 1 lane),
/// which are the crate's defaults, as a PHC string.
pub fn hash_password(password: &str) -> Result<String, String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|e| e.to_string())
}

/// Whether `password` matches the PHC string `hash`. A malformed stored hash never matches.
#[must_use]
pub fn verify_password(password: &str, hash: &str) -> bool {
    match PasswordHash::new(hash) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

/// HMAC-SHA256 of `message` under `key`, in hex.
#[must_use]
pub fn mac(key: &[u8], message: &str) -> String {
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
pub fn same_secret(a: &str, b: &str) -> bool {
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
