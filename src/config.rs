//! Typed configuration: defaults, then an optional TOML file, then `KIELA_*` environment
//! variables, then command-line flags. Each layer overrides the one before.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::domain::{HallStaff, InstallationRole};

/// Everything the server can be configured with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// `sqlite://path` (embedded) or `postgres://…` (large deployments).
    pub database_url: String,
    /// Address and port to listen on.
    pub bind: String,
    /// Mark cookies `Secure` (set when the site is served over HTTPS, e.g. behind a proxy).
    pub secure_cookies: bool,
    /// Take the client address from `X-Forwarded-For` (only behind a trusted proxy).
    pub trust_proxy: bool,
    /// Overrides the secret key kept in the database (hex, at least 32 bytes).
    pub secret_key: Option<String>,
    /// Database connections per app server (default: twice the cores, the default number of
    /// HTTP workers, and at least 8).
    pub pool_size: u32,
    /// How long (milliseconds) a request waits in line for a database connection when all are
    /// busy; past that it is answered 503 with `Retry-After`.
    pub pool_wait_ms: u64,
    /// HTTP worker threads; `None` means one per core.
    pub workers: Option<usize>,
    /// Log filter, as for `RUST_LOG` (`info`, `kiela=debug,actix_web=info`).
    pub log: String,
    /// The public address of the site, for links in exports and QR codes
    /// (`https://kiela.example.org`); `None` uses the request's host.
    pub base_url: Option<String>,
    /// Hall mode (a venue's laptop as the hall's site): listen on every interface at `bind`'s
    /// port, and build every link and QR code from the address phones use (`hall_address`, or
    /// the one found on the laptop's networks) when `base_url` is not set.
    pub hall: bool,
    /// In hall mode, the address phones should open (an IP address or a host name, with a port
    /// when not `bind`'s), when the laptop has several networks.
    pub hall_address: Option<String>,
    /// In hall mode, whether signed-in staff may use the site from the hall's network or only
    /// on the laptop (docs/venue.md).
    pub hall_staff: HallStaff,
    /// Failed logins allowed per account from one client address within `login_window_minutes`.
    pub login_limit_per_account: u32,
    /// Failed logins allowed per client address within `login_window_minutes`.
    pub login_limit_per_ip: u32,
    /// Sign-ups allowed per client address within `login_window_minutes`.
    pub signup_limit_per_ip: u32,
    /// The window of the login, password-check and sign-up limits.
    pub login_window_minutes: u32,
    /// Records one player (or staff member) may send for one game within 10 minutes.
    pub submission_limit_per_game: u32,
    /// Seconds a client has to send a request's body; a slower one is answered 408 and its
    /// connection closed.
    pub body_timeout_secs: u64,
    /// Live streams (screens following games in play) one app server holds open at once;
    /// more are answered 503 with `Retry-After`.
    pub live_streams_max: u32,
    /// Live streams one client address may hold open on one app server (a venue's phones
    /// share the hall's address: not too few).
    pub live_streams_per_address: u32,
    /// Offset of local time from UTC, for showing times (`+01:00`, Angola).
    pub utc_offset: String,
    /// How long (milliseconds) an app server may reuse what it read of an event for visitors
    /// without an account: public pages are then at most this much behind, and a crowd costs
    /// no database reads. 0 reads the event on every view.
    pub public_cache_ms: u64,
    /// Megabytes of rendered public pages an app server keeps in memory (pages, compressed
    /// copies and their names counted); past it the page used least recently makes room. 0
    /// keeps none.
    pub page_store_mb: u64,
    /// Nodes the engine searches in each position when it reviews a final game in the
    /// background (about 20 ms each on one core); 0 turns the reviews off.
    pub review_nodes: u64,
    /// Nodes the engine searches the position of a game an arbiter asks it to adjudicate.
    pub adjudication_nodes: u64,
    /// The installation's part in the season: `federation` issues national ids, a `venue`
    /// local ones (`None`: not stated, a venue).
    pub installation_role: Option<InstallationRole>,
    /// The installation's name, as archives and the federation's pages show it (`None`: the
    /// name kept in the database, made at first start).
    pub installation_name: Option<String>,
    /// The federation's server a venue pushes the events marked for it to.
    pub federation_url: Option<String>,
    /// An organiser's API token on the federation's server.
    pub federation_token: Option<String>,
    /// The SMTP server messages are sent through: `smtp://[user:pass@]host[:port]` (STARTTLS
    /// when the server offers it; port 25 unless given) or `smtps://…` (TLS from the start;
    /// port 465). `None`: messages wait in the outbox (docs/operations.md).
    pub smtp_url: Option<String>,
    /// The sender of every message, an address with an optional name
    /// (`Prémio Kiela <kiela@example.org>`); needed with `smtp_url`.
    pub mail_from: Option<String>,
    /// Seconds an app server holds a message it is sending; a server that stopped while
    /// sending leaves its message to be sent again (the same `Message-ID`) after that long.
    pub mail_lease_secs: u64,
}

/// Twice the cores (one HTTP worker each by default, and each may wait on a second request's
/// connection while a first one writes), at least 8.
fn default_pool_size() -> u32 {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    u32::try_from(cores * 2).unwrap_or(u32::MAX).max(8)
}

impl Default for Config {
    fn default() -> Config {
        Config {
            database_url: "sqlite://kiela.sqlite3".to_string(),
            bind: "127.0.0.1:8080".to_string(),
            secure_cookies: false,
            trust_proxy: false,
            secret_key: None,
            pool_size: default_pool_size(),
            pool_wait_ms: 5000,
            workers: None,
            log: "info".to_string(),
            base_url: None,
            hall: false,
            hall_address: None,
            hall_staff: HallStaff::Laptop,
            login_limit_per_account: 5,
            login_limit_per_ip: 30,
            signup_limit_per_ip: 10,
            login_window_minutes: 15,
            submission_limit_per_game: 10,
            body_timeout_secs: 20,
            live_streams_max: 10_000,
            live_streams_per_address: 500,
            utc_offset: "+01:00".to_string(),
            public_cache_ms: 1000,
            page_store_mb: 64,
            review_nodes: crate::engine::review::REVIEW_NODES,
            adjudication_nodes: crate::engine::adjudication::ADJUDICATION_NODES,
            installation_role: None,
            installation_name: None,
            federation_url: None,
            federation_token: None,
            smtp_url: None,
            mail_from: None,
            mail_lease_secs: 90,
        }
    }
}

/// The configuration file's shape: every key optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileConfig {
    database_url: Option<String>,
    bind: Option<String>,
    secure_cookies: Option<bool>,
    trust_proxy: Option<bool>,
    secret_key: Option<String>,
    pool_size: Option<u32>,
    pool_wait_ms: Option<u64>,
    workers: Option<usize>,
    log: Option<String>,
    base_url: Option<String>,
    hall: Option<bool>,
    hall_address: Option<String>,
    hall_staff: Option<HallStaff>,
    login_limit_per_account: Option<u32>,
    login_limit_per_ip: Option<u32>,
    signup_limit_per_ip: Option<u32>,
    login_window_minutes: Option<u32>,
    submission_limit_per_game: Option<u32>,
    body_timeout_secs: Option<u64>,
    live_streams_max: Option<u32>,
    live_streams_per_address: Option<u32>,
    utc_offset: Option<String>,
    public_cache_ms: Option<u64>,
    page_store_mb: Option<u64>,
    review_nodes: Option<u64>,
    adjudication_nodes: Option<u64>,
    installation_role: Option<InstallationRole>,
    installation_name: Option<String>,
    federation_url: Option<String>,
    federation_token: Option<String>,
    smtp_url: Option<String>,
    mail_from: Option<String>,
    mail_lease_secs: Option<u64>,
}

/// Why the configuration cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read the configuration file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the configuration file {path} is not valid: {message}")]
    File { path: PathBuf, message: String },
    #[error("environment variable {name}: {message}")]
    Env { name: String, message: String },
    #[error("{0}")]
    Invalid(String),
}

impl Config {
    /// Builds the configuration from defaults, the file (if any) and the environment.
    pub fn load(
        file: Option<&Path>,
        env: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Config, ConfigError> {
        let mut config = Config::default();
        if let Some(path) = file {
            let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
                path: path.to_path_buf(),
                source,
            })?;
            let parsed: FileConfig = toml::from_str(&text).map_err(|e| ConfigError::File {
                path: path.to_path_buf(),
                message: e.to_string(),
            })?;
            config.apply_file(parsed);
        }
        for (name, value) in env {
            config.apply_env(&name, value)?;
        }
        config.validate()?;
        Ok(config)
    }

    fn apply_file(&mut self, file: FileConfig) {
        macro_rules! take {
            ($($field:ident),*) => {
                $(if let Some(value) = file.$field { self.$field = value; })*
            };
        }
        take!(
            database_url,
            bind,
            secure_cookies,
            trust_proxy,
            hall,
            hall_staff,
            pool_size,
            pool_wait_ms,
            log,
            login_limit_per_account,
            login_limit_per_ip,
            signup_limit_per_ip,
            login_window_minutes,
            submission_limit_per_game,
            body_timeout_secs,
            live_streams_max,
            live_streams_per_address,
            utc_offset,
            public_cache_ms,
            page_store_mb,
            review_nodes,
            adjudication_nodes,
            mail_lease_secs
        );
        if file.secret_key.is_some() {
            self.secret_key = file.secret_key;
        }
        if file.workers.is_some() {
            self.workers = file.workers;
        }
        if file.base_url.is_some() {
            self.base_url = file.base_url;
        }
        if file.hall_address.is_some() {
            self.hall_address = file.hall_address;
        }
        for (from, to) in [
            (file.installation_name, &mut self.installation_name),
            (file.federation_url, &mut self.federation_url),
            (file.federation_token, &mut self.federation_token),
            (file.smtp_url, &mut self.smtp_url),
            (file.mail_from, &mut self.mail_from),
        ] {
            if from.is_some() {
                *to = from;
            }
        }
        if file.installation_role.is_some() {
            self.installation_role = file.installation_role;
        }
    }

    fn apply_env(&mut self, name: &str, value: String) -> Result<(), ConfigError> {
        fn parse<T: std::str::FromStr>(name: &str, value: &str) -> Result<T, ConfigError> {
            value.trim().parse().map_err(|_| ConfigError::Env {
                name: name.to_string(),
                message: format!("`{value}` is not a valid value"),
            })
        }
        fn boolean(name: &str, value: &str) -> Result<bool, ConfigError> {
            match value.trim().to_ascii_lowercase().as_str() {
                "1" | "true" | "yes" | "on" => Ok(true),
                "0" | "false" | "no" | "off" | "" => Ok(false),
                _ => Err(ConfigError::Env {
                    name: name.to_string(),
                    message: format!("`{value}` is not true or false"),
                }),
            }
        }
        match name {
            "KIELA_DATABASE_URL" => self.database_url = value,
            "KIELA_BIND" => self.bind = value,
            "KIELA_SECURE_COOKIES" => self.secure_cookies = boolean(name, &value)?,
            "KIELA_TRUST_PROXY" => self.trust_proxy = boolean(name, &value)?,
            "KIELA_SECRET_KEY" => self.secret_key = Some(value),
            "KIELA_POOL_SIZE" => self.pool_size = parse(name, &value)?,
            "KIELA_POOL_WAIT_MS" => self.pool_wait_ms = parse(name, &value)?,
            "KIELA_WORKERS" => self.workers = Some(parse(name, &value)?),
            "KIELA_LOG" => self.log = value,
            "KIELA_BASE_URL" => self.base_url = Some(value),
            "KIELA_HALL" => self.hall = boolean(name, &value)?,
            "KIELA_HALL_ADDRESS" => self.hall_address = Some(value),
            "KIELA_HALL_STAFF" => {
                self.hall_staff = value.trim().parse().map_err(|_| ConfigError::Env {
                    name: name.to_string(),
                    message: format!("`{value}` is neither laptop nor hall"),
                })?;
            }
            "KIELA_LOGIN_LIMIT_PER_ACCOUNT" => self.login_limit_per_account = parse(name, &value)?,
            "KIELA_LOGIN_LIMIT_PER_IP" => self.login_limit_per_ip = parse(name, &value)?,
            "KIELA_SIGNUP_LIMIT_PER_IP" => self.signup_limit_per_ip = parse(name, &value)?,
            "KIELA_LOGIN_WINDOW_MINUTES" => self.login_window_minutes = parse(name, &value)?,
            "KIELA_SUBMISSION_LIMIT_PER_GAME" => {
                self.submission_limit_per_game = parse(name, &value)?;
            }
            "KIELA_BODY_TIMEOUT_SECS" => self.body_timeout_secs = parse(name, &value)?,
            "KIELA_LIVE_STREAMS_MAX" => self.live_streams_max = parse(name, &value)?,
            "KIELA_LIVE_STREAMS_PER_ADDRESS" => {
                self.live_streams_per_address = parse(name, &value)?;
            }
            "KIELA_UTC_OFFSET" => self.utc_offset = value,
            "KIELA_PUBLIC_CACHE_MS" => self.public_cache_ms = parse(name, &value)?,
            "KIELA_PAGE_STORE_MB" => self.page_store_mb = parse(name, &value)?,
            "KIELA_REVIEW_NODES" => self.review_nodes = parse(name, &value)?,
            "KIELA_ADJUDICATION_NODES" => self.adjudication_nodes = parse(name, &value)?,
            "KIELA_INSTALLATION_ROLE" => {
                self.installation_role =
                    Some(value.trim().parse().map_err(|_| ConfigError::Env {
                        name: name.to_string(),
                        message: format!("`{value}` is neither venue nor federation"),
                    })?);
            }
            "KIELA_INSTALLATION_NAME" => self.installation_name = Some(value),
            "KIELA_FEDERATION_URL" => self.federation_url = Some(value),
            "KIELA_FEDERATION_TOKEN" => self.federation_token = Some(value),
            "KIELA_SMTP_URL" => self.smtp_url = Some(value),
            "KIELA_MAIL_FROM" => self.mail_from = Some(value),
            "KIELA_MAIL_LEASE_SECS" => self.mail_lease_secs = parse(name, &value)?,
            _ => {}
        }
        Ok(())
    }

    fn validate(&self) -> Result<(), ConfigError> {
        if self.pool_size == 0 {
            return Err(ConfigError::Invalid("pool_size must be at least 1".into()));
        }
        if !(1..=60_000).contains(&self.pool_wait_ms) {
            return Err(ConfigError::Invalid(
                "pool_wait_ms must be from 1 to 60000".into(),
            ));
        }
        if self.workers == Some(0) {
            return Err(ConfigError::Invalid("workers must be at least 1".into()));
        }
        if self.login_window_minutes == 0 {
            return Err(ConfigError::Invalid(
                "login_window_minutes must be at least 1".into(),
            ));
        }
        if let Some(base) = &self.base_url {
            let scheme_ok = base.starts_with("http://") || base.starts_with("https://");
            if !scheme_ok || base.chars().any(|c| c.is_whitespace() || c.is_control()) {
                return Err(ConfigError::Invalid(format!(
                    "base_url `{base}` must be an http:// or https:// address"
                )));
            }
        }
        if let Some(address) = &self.hall_address
            && (address.is_empty()
                || address
                    .chars()
                    .any(|c| c.is_whitespace() || c.is_control() || "/?#@".contains(c)))
        {
            return Err(ConfigError::Invalid(format!(
                "hall_address `{address}` must be an address or a host name, with a port or not"
            )));
        }
        if let Some(url) = &self.federation_url {
            let scheme_ok = url.starts_with("http://") || url.starts_with("https://");
            if !scheme_ok || url.chars().any(|c| c.is_whitespace() || c.is_control()) {
                return Err(ConfigError::Invalid(format!(
                    "federation_url `{url}` must be an http:// or https:// address"
                )));
            }
        }
        if self.federation_url.is_some() != self.federation_token.is_some() {
            return Err(ConfigError::Invalid(
                "federation_url and federation_token are set together".into(),
            ));
        }
        if self.federation_url.is_some()
            && self.installation_role == Some(InstallationRole::Federation)
        {
            return Err(ConfigError::Invalid(
                "the federation's server pushes to no federation_url".into(),
            ));
        }
        if let Some(name) = &self.installation_name
            && (name.trim().is_empty()
                || name.chars().count() > 120
                || name.chars().any(char::is_control))
        {
            return Err(ConfigError::Invalid(
                "installation_name must be 1 to 120 characters on one line".into(),
            ));
        }
        if self.page_store_mb > 1 << 20 {
            return Err(ConfigError::Invalid(
                "page_store_mb must be at most 1048576".into(),
            ));
        }
        if self.body_timeout_secs == 0 {
            return Err(ConfigError::Invalid(
                "body_timeout_secs must be at least 1".into(),
            ));
        }
        if self.utc_offset.parse::<chrono::FixedOffset>().is_err() {
            return Err(ConfigError::Invalid(format!(
                "utc_offset `{}` is not an offset like +01:00",
                self.utc_offset
            )));
        }
        self.validate_mail()?;
        if let Some(key) = &self.secret_key
            && hex::decode(key.trim()).map_or(true, |bytes| bytes.len() < 32)
        {
            return Err(ConfigError::Invalid(
                "secret_key must be at least 32 bytes written in hex (64 hex digits)".into(),
            ));
        }
        Ok(())
    }

    fn validate_mail(&self) -> Result<(), ConfigError> {
        if !(1..=86_400).contains(&self.mail_lease_secs) {
            return Err(ConfigError::Invalid(
                "mail_lease_secs must be from 1 to 86400".into(),
            ));
        }
        if let Some(url) = &self.smtp_url {
            crate::mail::Relay::parse(url)
                .map_err(|e| ConfigError::Invalid(format!("smtp_url: {e}")))?;
            if self.mail_from.is_none() {
                return Err(ConfigError::Invalid(
                    "mail_from (the sender's address) is needed with smtp_url".into(),
                ));
            }
        }
        if let Some(from) = &self.mail_from
            && from.parse::<lettre::message::Mailbox>().is_err()
        {
            return Err(ConfigError::Invalid(format!(
                "mail_from `{from}` is not an address like Name <kiela@example.org>"
            )));
        }
        Ok(())
    }

    /// The local-time offset (validated at load time).
    #[must_use]
    pub fn offset(&self) -> chrono::FixedOffset {
        use chrono::Offset;
        self.utc_offset
            .parse()
            .unwrap_or_else(|_| chrono::Utc.fix())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environment_overrides_file_which_overrides_defaults() {
        let dir = std::env::temp_dir().join(format!("kiela-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("kiela.toml");
        std::fs::write(&file, "bind = \"0.0.0.0:9000\"\npool_size = 3\n").unwrap();
        let env = vec![("KIELA_POOL_SIZE".to_string(), "5".to_string())];
        let config = Config::load(Some(&file), env).unwrap();
        assert_eq!(config.bind, "0.0.0.0:9000");
        assert_eq!(config.pool_size, 5);
        assert_eq!(config.database_url, Config::default().database_url);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_values_are_reported() {
        let env = vec![("KIELA_POOL_SIZE".to_string(), "many".to_string())];
        assert!(Config::load(None, env).is_err());
        let env = vec![("KIELA_SECRET_KEY".to_string(), "short".to_string())];
        assert!(Config::load(None, env).is_err());
        let env = vec![("KIELA_UTC_OFFSET".to_string(), "Luanda".to_string())];
        assert!(Config::load(None, env).is_err());
    }
}
