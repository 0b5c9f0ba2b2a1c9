//! The federation's registry and rating list as one file, for a venue to load before its
//! event (as Swiss-Manager loads a rating list): public data only, so that entering a person by
//! national id fills their details and national rating offline.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::ratings::{self, ListFilter};
use super::{App, ServiceError};
use crate::db::registry::{self as q, NewId, PersonDetails};
use crate::db::{self, DbConnection};
use crate::domain::installation::is_local_id;
use crate::domain::{ErrorCode, Sex};

/// What the document says it is.
pub const FORMAT: &str = "kiela-registry";
/// The version written and read.
pub const VERSION: u32 = 1;
/// The most a registry file may hold (gzip allowed; this is the size decompressed).
pub const MAX_FILE_BYTES: usize = 64 << 20;
/// People in one file (a national registry of a hundred thousand people takes some 15 MB
/// read).
const MAX_PEOPLE: usize = 100_000;

/// The registry file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegistryFile {
    pub format: String,
    pub version: u32,
    /// The installation that wrote it (the federation's), and the day its list is as of.
    pub installation: String,
    pub as_of: NaiveDate,
    /// Bounded as it is read.
    #[serde(deserialize_with = "super::bounded::AtMost::<MAX_PEOPLE>::vec")]
    pub people: Vec<RegisteredPerson>,
}

/// One person, with public details only (never an e-mail address or an account).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegisteredPerson {
    pub federation_id: String,
    pub name: String,
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub province: String,
    #[serde(default)]
    pub sex: Option<Sex>,
    #[serde(default)]
    pub birth_year: Option<i32>,
    /// The national rating on `as_of` (none: not on the list).
    #[serde(default)]
    pub rating: Option<f64>,
    #[serde(default)]
    pub deviation: Option<f64>,
}

/// The registry and the rating list as of today.
pub(crate) fn export(app: &App) -> Result<RegistryFile, ServiceError> {
    let list = ratings::list(app, None, &ListFilter::default())?;
    let rated: std::collections::HashMap<&str, (f64, f64)> = list
        .rows
        .iter()
        .map(|r| (r.federation_id.as_str(), (r.rating, r.deviation)))
        .collect();
    let mut conn = app.conn()?;
    let people = q::everyone(&mut conn)?
        .into_iter()
        .map(|p| {
            let rating = rated.get(p.federation_id.as_str()).copied();
            RegisteredPerson {
                name: p.name,
                club: p.club,
                province: p.province,
                sex: p.sex,
                birth_year: p.birth_year,
                rating: rating.map(|r| r.0.round()),
                deviation: rating.map(|r| r.1.round()),
                federation_id: p.federation_id,
            }
        })
        .collect();
    Ok(RegistryFile {
        format: FORMAT.to_string(),
        version: VERSION,
        installation: app.installation.name.clone(),
        as_of: list.as_of,
        people,
    })
}

/// What loading a registry file did.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Loaded {
    pub added: usize,
    pub updated: usize,
    pub rated: usize,
}

/// Loads the federation's registry file at a venue: its people are added to this registry
/// under their national ids (or brought up to date), and its ratings become the national
/// ratings entries take. One transaction: a bad line loads nothing. The federation's own
/// server keeps the national registry itself and refuses the file
/// (`registry_file_at_federation`): nothing there is overwritten from a file.
pub(crate) fn load(app: &App, bytes: &[u8]) -> Result<Loaded, ServiceError> {
    if app.installation.is_federation() {
        return Err(ServiceError::Conflict(ErrorCode::RegistryFileAtFederation));
    }
    let _slot = app.imports.take(std::time::Duration::from_secs(10))?;
    let file = decode(bytes)?;
    let mut conn = app.conn()?;
    db::write_transaction(&mut conn, |conn| write(conn, &file))
}

fn unusable(detail: impl Into<String>) -> ServiceError {
    ServiceError::Unusable {
        code: ErrorCode::RegistryFileInvalid,
        detail: detail.into().chars().take(300).collect(),
    }
}

fn decode(bytes: &[u8]) -> Result<RegistryFile, ServiceError> {
    use super::bounded::{Unread, read_document};
    let file: RegistryFile = read_document(bytes, MAX_FILE_BYTES).map_err(|e| match e {
        Unread::TooLarge => unusable(format!("more than {} MB", MAX_FILE_BYTES >> 20)),
        Unread::PastBound(at) | Unread::Malformed(at) => unusable(at),
    })?;
    if file.format != FORMAT || file.version != VERSION {
        return Err(unusable(format!(
            "not a {FORMAT} of version {VERSION} (format {}, version {})",
            file.format.chars().take(40).collect::<String>(),
            file.version
        )));
    }
    // Each person once: a second line for one id would load one over the other.
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (i, p) in file.people.iter().enumerate() {
        if let Some(first) = seen.insert(p.federation_id.to_ascii_uppercase(), i + 1) {
            return Err(unusable(format!(
                "person {} of the file ({}): the same id as person {}",
                i + 1,
                p.federation_id.chars().take(30).collect::<String>(),
                first
            )));
        }
    }
    for p in &file.people {
        let id_ok = !p.federation_id.is_empty()
            && p.federation_id.len() <= 30
            && p.federation_id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !is_local_id(&p.federation_id);
        let text_ok = |t: &str| {
            t.chars().count() <= super::entrant::MAX_FIELD && !t.chars().any(char::is_control)
        };
        let rating_ok = p
            .rating
            .is_none_or(|r| r.is_finite() && (0.0..=4000.0).contains(&r))
            && p.deviation
                .is_none_or(|d| d.is_finite() && (0.0..=1000.0).contains(&d));
        if !id_ok
            || p.name.trim().is_empty()
            || !text_ok(&p.name)
            || !text_ok(&p.club)
            || !text_ok(&p.province)
            || !rating_ok
        {
            return Err(unusable(format!(
                "person {}",
                p.federation_id.chars().take(30).collect::<String>()
            )));
        }
    }
    Ok(file)
}

fn write(conn: &mut DbConnection, file: &RegistryFile) -> Result<Loaded, ServiceError> {
    db::ratings::lock(conn)?;
    let mut loaded = Loaded {
        added: 0,
        updated: 0,
        rated: 0,
    };
    let known: std::collections::HashMap<String, crate::domain::RegistryPlayer> =
        q::everyone(conn)?
            .into_iter()
            .map(|p| (p.federation_id.clone(), p))
            .collect();
    let mut ratings = Vec::new();
    for p in &file.people {
        let id = p.federation_id.to_ascii_uppercase();
        let (name_key, sound_key) = super::registry::keys(p.name.trim());
        let existing = known.get(&id);
        let details = PersonDetails {
            name: p.name.trim(),
            name_key: &name_key,
            sound_key: &sound_key,
            sex: p.sex,
            birth_year: p.birth_year,
            club: p.club.trim(),
            province: p.province.trim(),
            // The venue's own knowledge of the person (an address, an account) stays.
            email: existing.and_then(|e| e.email.as_deref()),
            user_id: existing.and_then(|e| e.user_id),
            updated_at: db::now(),
        };
        match existing {
            Some(row) => {
                let same = row.name == details.name
                    && row.club == details.club
                    && row.province == details.province
                    && row.sex == details.sex
                    && row.birth_year == details.birth_year;
                if !same {
                    q::update(conn, row.id, &details)?;
                    loaded.updated += 1;
                }
            }
            None => {
                q::insert(conn, &details, NewId::Given(&id))?;
                loaded.added += 1;
            }
        }
        if let Some(rating) = p.rating {
            ratings.push((id, rating, p.deviation.unwrap_or(350.0)));
        }
    }
    loaded.rated = ratings.len();
    q::replace_national_ratings(conn, &ratings, file.as_of)?;
    Ok(loaded)
}
