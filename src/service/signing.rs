//! The installation's own signing key (Ed25519): made at first start and kept in the database
//! (so every app server of one installation signs alike, and a backup keeps it), it signs every
//! archive the installation writes. Another installation that knows the public key, the
//! federation once its administrator approved the venue, tells from the signature that an
//! archive is that installation's, unchanged. People compare keys by their fingerprint: 16
//! letters of a digest of the key, read aloud or off two screens.

use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
use sha2::{Digest, Sha256};

use super::{ServiceError, crypto};
use crate::db::{self, DbConnection};

/// Where the key is kept (the settings table, shared by every app server).
const KEY_SETTING: &str = "installation_signing_key";

/// This installation's signing key.
#[derive(Clone)]
pub struct InstallationKey {
    key: SigningKey,
}

impl std::fmt::Debug for InstallationKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The secret half never reaches a log.
        write!(f, "InstallationKey({})", self.public().fingerprint())
    }
}

impl InstallationKey {
    /// Reads the key, or at first start makes one and keeps it.
    pub(crate) fn load(conn: &mut DbConnection) -> Result<InstallationKey, ServiceError> {
        let fresh = crypto::random_token()?;
        let stored = db::settings::get_or_insert(conn, KEY_SETTING, &fresh)?;
        let seed: [u8; 32] = hex::decode(stored.trim())
            .ok()
            .and_then(|bytes| bytes.try_into().ok())
            .ok_or_else(|| ServiceError::Internal("the stored signing key is not a key".into()))?;
        Ok(InstallationKey {
            key: SigningKey::from_bytes(&seed),
        })
    }

    /// The public half, which others verify with.
    #[must_use]
    pub fn public(&self) -> PublicKey {
        PublicKey(self.key.verifying_key().to_bytes())
    }

    /// The signature of `message`, in hex.
    #[must_use]
    pub(crate) fn sign(&self, message: &[u8]) -> String {
        hex::encode(self.key.sign(message).to_bytes())
    }
}

/// An installation's public key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PublicKey([u8; 32]);

impl PublicKey {
    /// A key written as [`PublicKey::to_hex`] writes it; `None` for anything else (a point
    /// that is no key included).
    #[must_use]
    pub fn parse(text: &str) -> Option<PublicKey> {
        let bytes: [u8; 32] = hex::decode(text.trim()).ok()?.try_into().ok()?;
        VerifyingKey::from_bytes(&bytes).ok()?;
        Some(PublicKey(bytes))
    }

    /// The key as 64 hex digits.
    #[must_use]
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    /// Whether `signature` (hex) is this key's signature of `message`.
    #[must_use]
    pub fn verifies(&self, message: &[u8], signature: &str) -> bool {
        let Some(bytes) = hex::decode(signature.trim())
            .ok()
            .and_then(|b| <[u8; 64]>::try_from(b).ok())
        else {
            return false;
        };
        let Ok(key) = VerifyingKey::from_bytes(&self.0) else {
            return false;
        };
        key.verify(message, &Signature::from_bytes(&bytes)).is_ok()
    }

    /// The key as people compare it: 16 letters of its SHA-256 in four groups
    /// (`7QK2-MD4F-0ZXA-91HT`), of the alphabet installation codes use (no I, L, O, U).
    #[must_use]
    pub fn fingerprint(&self) -> String {
        use crate::domain::installation::CODE_ALPHABET;
        let digest = Sha256::digest(self.0);
        // 80 bits of the digest, five at a time.
        let mut bits: u128 = 0;
        for byte in &digest[..10] {
            bits = (bits << 8) | u128::from(*byte);
        }
        let letters: Vec<char> = (0..16)
            .rev()
            .map(|i| char::from(CODE_ALPHABET[((bits >> (i * 5)) & 31) as usize]))
            .collect();
        letters
            .chunks(4)
            .map(|group| group.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("-")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(seed: u8) -> InstallationKey {
        InstallationKey {
            key: SigningKey::from_bytes(&[seed; 32]),
        }
    }

    #[test]
    fn a_signature_verifies_with_its_key_only_and_for_its_message_only() {
        let (venue, other) = (key(1), key(2));
        let signed = venue.sign(b"archive digest");
        assert!(venue.public().verifies(b"archive digest", &signed));
        assert!(!venue.public().verifies(b"archive digest!", &signed));
        assert!(!other.public().verifies(b"archive digest", &signed));
        assert!(!venue.public().verifies(b"archive digest", "00"));
        assert!(!venue.public().verifies(b"archive digest", "not hex"));
    }

    #[test]
    fn a_key_reads_back_and_its_fingerprint_is_stable_and_readable() {
        let public = key(1).public();
        assert_eq!(PublicKey::parse(&public.to_hex()), Some(public));
        assert_eq!(PublicKey::parse("zz"), None);
        assert_eq!(PublicKey::parse(&"00".repeat(31)), None);
        let print = public.fingerprint();
        assert_eq!(print.len(), 19);
        assert_eq!(print, key(1).public().fingerprint());
        assert_ne!(print, key(2).public().fingerprint());
        assert!(
            print.chars().all(
                |c| c == '-' || crate::domain::installation::CODE_ALPHABET.contains(&(c as u8))
            )
        );
    }
}
