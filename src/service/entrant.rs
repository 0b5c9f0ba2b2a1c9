//! A person as entered in an event, checked: the fields an organiser types, a file line or an
//! API body gives, parsed into what the rest of the service trusts.

use serde::Deserialize;

use super::ServiceError;
use super::accounts::Email;
use crate::domain::{ByeKind, ErrorCode, Sex, Tags};

/// Highest rating accepted.
pub const MAX_RATING: i64 = 4000;
/// Longest name, club or province.
pub const MAX_FIELD: usize = 100;

/// The most entries an event takes: pairing a round of more is beyond what one server does in
/// its memory and a reasonable time today (a 4,500-player round takes 28 s and 2 GB).
pub const MAX_PLAYERS: usize = 4000;

/// A player as typed by an organiser, imported or sent to the API.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct PlayerInput {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub rating: Option<i64>,
    #[serde(default)]
    pub club: Option<String>,
    #[serde(default)]
    pub province: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    /// For a late entry: the missed rounds score "zero" (default) or "half".
    #[serde(default)]
    pub missed_points: Option<String>,
    /// `F` or `M`.
    #[serde(default)]
    pub sex: Option<String>,
    #[serde(default)]
    pub birth_year: Option<i64>,
    /// The player's id at the federation.
    #[serde(default)]
    pub federation_id: Option<String>,
    /// The organiser's labels (custom prize categories).
    #[serde(default)]
    pub tags: Option<Vec<String>>,
}

/// A checked player entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidPlayer {
    pub name: String,
    pub rating: i32,
    pub club: String,
    pub province: String,
    pub email: Option<String>,
    pub missed_points: ByeKind,
    pub details: Details,
}

/// The optional details of an entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Details {
    pub sex: Option<Sex>,
    pub birth_year: Option<i32>,
    pub federation_id: Option<String>,
    pub tags: Tags,
}

/// Checks an entry's tags.
pub(crate) fn tags_of<S: AsRef<str>>(list: &[S]) -> Result<Tags, ServiceError> {
    Tags::new(list).map_err(|_| ServiceError::invalid("tags", ErrorCode::TagsInvalid))
}

/// Earliest year of birth accepted.
const FIRST_BIRTH_YEAR: i64 = 1900;

impl Details {
    /// Checks the optional details as typed (empty means none).
    pub(crate) fn parse(
        sex: Option<&str>,
        birth_year: Option<i64>,
        federation_id: Option<&str>,
    ) -> Result<Details, ServiceError> {
        let sex = match sex.map(str::trim) {
            None | Some("") => None,
            Some(s) => Some(
                s.to_ascii_uppercase()
                    .parse::<Sex>()
                    .map_err(|_| ServiceError::invalid("sex", ErrorCode::SexInvalid))?,
            ),
        };
        let this_year = i64::from(chrono::Datelike::year(&chrono::Utc::now()));
        let birth_year = match birth_year {
            None => None,
            Some(y) if (FIRST_BIRTH_YEAR..=this_year).contains(&y) => Some(y as i32),
            Some(_) => {
                return Err(ServiceError::invalid(
                    "birth_year",
                    ErrorCode::BirthYearInvalid,
                ));
            }
        };
        // At most 30 characters as sent, the spaces around it counted (as the API document
        // states it), then read without them.
        let sent = federation_id.filter(|raw| raw.chars().count() <= 30);
        let federation_id = match federation_id.map(|_| sent.map(str::trim)) {
            None | Some(Some("")) => None,
            Some(Some(id)) if id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') => {
                Some(id.to_ascii_uppercase())
            }
            Some(_) => {
                return Err(ServiceError::invalid(
                    "federation_id",
                    ErrorCode::FederationIdInvalid,
                ));
            }
        };
        Ok(Details {
            sex,
            birth_year,
            federation_id,
            tags: Tags::default(),
        })
    }
}

pub(crate) fn text_field(value: Option<&str>, field: &'static str) -> Result<String, ServiceError> {
    let value = value.unwrap_or("").trim();
    if value.chars().count() > MAX_FIELD || value.chars().any(char::is_control) {
        return Err(ServiceError::invalid(field, ErrorCode::FieldInvalid));
    }
    Ok(value.to_string())
}

impl PlayerInput {
    pub(crate) fn validate(&self) -> Result<ValidPlayer, ServiceError> {
        let name = self.name.trim();
        // An entry by federation id alone takes the registered person's name (the registry
        // refuses it when it knows nobody of that id).
        let by_id_alone = self
            .federation_id
            .as_deref()
            .is_some_and(|id| !id.trim().is_empty());
        if name.is_empty() && !by_id_alone {
            return Err(ServiceError::invalid("name", ErrorCode::NameEmpty));
        }
        if name.chars().count() > MAX_FIELD || name.chars().any(char::is_control) {
            return Err(ServiceError::invalid("name", ErrorCode::NameTooLong));
        }
        let rating = self.rating.unwrap_or(0);
        if !(0..=MAX_RATING).contains(&rating) {
            return Err(ServiceError::invalid("rating", ErrorCode::RatingInvalid));
        }
        let email = match self.email.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(e) => Some(Email::parse(e)?.as_str().to_string()),
        };
        let missed_points = match self.missed_points.as_deref().map(str::trim) {
            None | Some("" | "zero") => ByeKind::Zero,
            Some("half") => ByeKind::Half,
            Some(_) => {
                return Err(ServiceError::invalid(
                    "missed_points",
                    ErrorCode::MissedPointsInvalid,
                ));
            }
        };
        Ok(ValidPlayer {
            name: name.to_string(),
            rating: rating as i32,
            club: text_field(self.club.as_deref(), "club")?,
            province: text_field(self.province.as_deref(), "province")?,
            email,
            missed_points,
            details: Details {
                tags: tags_of(self.tags.as_deref().unwrap_or_default())?,
                ..Details::parse(
                    self.sex.as_deref(),
                    self.birth_year,
                    self.federation_id.as_deref(),
                )?
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Details;

    #[test]
    fn a_federation_id_is_read_without_its_spaces_within_thirty_characters_as_sent() {
        let id = |text: &str| Details::parse(None, None, Some(text)).map(|d| d.federation_id);
        assert_eq!(id(" k0000001 ").unwrap(), Some("K0000001".to_string()));
        assert_eq!(id("   ").unwrap(), None);
        assert!(id(&"A".repeat(30)).is_ok());
        assert!(id(&"A".repeat(31)).is_err());
        // Padded past thirty as sent: what the API document allows is what is read.
        assert!(id(&format!(" 0{}", " ".repeat(29))).is_err());
        assert!(id("K 1").is_err());
    }
}
