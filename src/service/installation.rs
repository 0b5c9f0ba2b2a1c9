//! The installation's identity: a code made at first start, a name, and its role in the season
//! (`installation_role`), which decides the ids its registry issues.

use crate::config::Config;
use crate::db::{self, DbConnection};
use crate::domain::{InstallationRole, IssuedIds};

use super::{ServiceError, crypto};

/// Where the code and the name are kept (the settings table, shared by every app server).
const CODE_SETTING: &str = "installation_id";
const NAME_SETTING: &str = "installation_name";
/// Written by the migration that gave installations roles, when the registry held ids of the
/// national form then: ids this installation issued itself (national ids that reached a
/// venue since, from the federation, do not count).
const BEFORE_ROLES_SETTING: &str = "national_ids_before_roles";

/// Who this installation is.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Installation {
    /// Made at random at first start; part of every local id it issues.
    pub id: String,
    /// As archives and the federation's pages name it.
    pub name: String,
    pub role: InstallationRole,
    /// Whether the configuration says the role (a venue by default says nothing).
    #[serde(skip)]
    pub role_stated: bool,
}

impl Installation {
    /// How its registry names the people it registers.
    #[must_use]
    pub fn issued_ids(&self) -> IssuedIds {
        match self.role {
            InstallationRole::Federation => IssuedIds::National,
            InstallationRole::Venue => IssuedIds::Local {
                installation: self.id.clone(),
            },
        }
    }

    /// The federation's server.
    #[must_use]
    pub fn is_federation(&self) -> bool {
        self.role == InstallationRole::Federation
    }
}

/// Reads (or, at first start, makes) the installation's code and name; a name in the
/// configuration replaces the stored one.
pub(crate) fn load(conn: &mut DbConnection, config: &Config) -> Result<Installation, ServiceError> {
    let id = db::settings::get_or_insert(conn, CODE_SETTING, &crypto::random_code()?)?;
    let name = match &config.installation_name {
        Some(name) => {
            let name = name.trim();
            db::settings::set(conn, NAME_SETTING, name)?;
            name.to_string()
        }
        None => db::settings::get_or_insert(conn, NAME_SETTING, &format!("Kiela {id}"))?,
    };
    Ok(Installation {
        id,
        name,
        role: config.installation_role.unwrap_or(InstallationRole::Venue),
        role_stated: config.installation_role.is_some(),
    })
}

/// Whether an installation that states no role issued ids of the national form before
/// installations had roles: it is told to say which it is (docs/archive.md, "Roles").
pub(crate) fn issued_national_ids_unstated(
    conn: &mut DbConnection,
    installation: &Installation,
) -> Result<bool, ServiceError> {
    Ok(!installation.role_stated && db::settings::get(conn, BEFORE_ROLES_SETTING)?.is_some())
}

/// The installation as its administrator's page shows it.
#[derive(Clone, Debug)]
pub struct Status {
    pub installation: Installation,
    /// It states no role but issued ids of the national form before roles existed.
    pub role_to_state: bool,
    /// Where its events are pushed (a venue connected to the federation).
    pub federation_url: Option<String>,
    /// Its signing key's fingerprint, which the installations taking its archives compare.
    pub fingerprint: String,
}

impl Status {
    /// The message naming the role.
    #[must_use]
    pub fn role_key(&self) -> String {
        format!("installation-role-{}", self.installation.role)
    }
}

/// The installation's identity and what its administrator should know of it.
pub(crate) fn status(app: &super::App) -> Result<Status, ServiceError> {
    let mut conn = app.conn()?;
    Ok(Status {
        role_to_state: issued_national_ids_unstated(&mut conn, &app.installation)?,
        installation: (*app.installation).clone(),
        federation_url: app.config.federation_url.clone(),
        fingerprint: app.signing.public().fingerprint(),
    })
}
