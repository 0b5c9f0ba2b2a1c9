//! Who an installation is in a federation's season: its id, and whether it issues national ids
//! (the federation's server) or local ones (a venue's laptop), so that ids issued apart never
//! collide.

use super::sql::text_enum;

text_enum! {
    /// An installation's part in the season (`installation_role`).
    pub enum InstallationRole {
        /// Runs events, registers people under local ids, carries its events to the
        /// federation (the default).
        Venue = "venue",
        /// Holds the national registry and rating list; issues national ids.
        Federation = "federation",
    }
}

text_enum! {
    /// In hall mode, where the staff (every signed-in account) may sign in and act
    /// (`hall_staff`). The hall's network is shared with everyone at the venue and its pages
    /// travel as plain `http://`, so the default keeps staff to the laptop itself.
    pub enum HallStaff {
        /// Only on the laptop (loopback): a password or session sent over the hall's network
        /// could be read by any phone on it (the default).
        Laptop = "laptop",
        /// Also from the hall's phones and tablets, for arbiters who walk the boards.
        Hall = "hall",
    }
}

text_enum! {
    /// Where another installation stands with this one (the venues whose archives it takes).
    pub enum VenueState {
        /// Seen once (its first archive, signed with its key), not approved: its archives are
        /// refused until this installation's administrator approves the key.
        Pending = "pending",
        /// Its key approved: archives signed with it are taken.
        Approved = "approved",
    }
}

/// Letters of an installation's code: digits and capitals without I, L, O and U (Crockford's
/// base 32), so a code read aloud or copied by hand is not misread.
pub const CODE_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Characters of an installation's code.
pub const CODE_LENGTH: usize = 6;

/// How an installation names the people it registers: the federation `K` and the person's
/// number in seven digits or more (`K0000123`); a venue `L-`, its own code and the number
/// (`L-7QK2MD-17`), which no national id has the form of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IssuedIds {
    National,
    Local { installation: String },
}

impl IssuedIds {
    /// The id issued to the registry's `n`th person.
    #[must_use]
    pub fn id(&self, n: i32) -> String {
        match self {
            IssuedIds::National => format!("K{n:07}"),
            IssuedIds::Local { installation } => format!("L-{installation}-{n}"),
        }
    }
}

/// Whether `id` is a local id, issued by a venue (`L-`, a code, `-`, digits).
#[must_use]
pub fn is_local_id(id: &str) -> bool {
    let Some(rest) = id.strip_prefix("L-") else {
        return false;
    };
    let Some((code, number)) = rest.split_once('-') else {
        return false;
    };
    is_code(code) && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `code` has the form of an installation's code.
#[must_use]
pub fn is_code(code: &str) -> bool {
    code.len() == CODE_LENGTH && code.bytes().all(|b| CODE_ALPHABET.contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_ids_never_have_the_national_form() {
        let local = IssuedIds::Local {
            installation: "7QK2MD".into(),
        };
        assert_eq!(local.id(17), "L-7QK2MD-17");
        assert!(is_local_id(&local.id(17)));
        assert_eq!(IssuedIds::National.id(17), "K0000017");
        for id in [
            "K0000017",
            "L-7QK2MD",
            "L-7QK2M-1",
            "L-7QK2MI-1",
            "L-7QK2MD-",
            "X-7QK2MD-1",
        ] {
            assert!(!is_local_id(id), "{id}");
        }
    }
}
