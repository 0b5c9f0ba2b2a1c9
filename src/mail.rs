//! The SMTP server messages leave through (`smtp_url`), and the one call that hands it a
//! message. What a message says is made elsewhere (`web::mail`); what is waiting is the
//! outbox's (`service::outbox`).

use std::time::Duration;

use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{Message, SmtpTransport, Transport};

/// How long one exchange with the SMTP server may take before the attempt counts as failed.
const SMTP_TIMEOUT: Duration = Duration::from_secs(20);

/// How the connection is protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protection {
    /// `smtp://`: plain, upgraded with STARTTLS when the server offers it.
    StartTlsWhenOffered,
    /// `smtps://`: TLS from the first byte.
    Tls,
}

/// An SMTP server, as `smtp_url` names it.
#[derive(Clone, PartialEq, Eq)]
pub struct Relay {
    pub host: String,
    pub port: u16,
    pub protection: Protection,
    user: Option<(String, String)>,
}

// Never the password, wherever a relay is printed.
impl std::fmt::Debug for Relay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Relay")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("protection", &self.protection)
            .field("user", &self.user.as_ref().map(|(name, _)| name))
            .finish()
    }
}

/// Why `smtp_url` names no SMTP server.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RelayError {
    #[error("not an address: {0}")]
    Malformed(String),
    #[error("the scheme must be smtp:// or smtps://")]
    Scheme,
    #[error("no host")]
    NoHost,
    #[error("a user name or password that is not UTF-8 once decoded")]
    Credentials,
}

/// Why a message was not accepted.
#[derive(Debug)]
pub struct Refused {
    /// The server refused the message for good (a 5xx answer): trying again would not help.
    pub permanent: bool,
    /// What went wrong, with the server's answer when it gave one.
    pub answer: String,
}

impl Relay {
    /// Reads `smtp://[user:pass@]host[:port]` or `smtps://…`.
    pub fn parse(text: &str) -> Result<Relay, RelayError> {
        let url = url::Url::parse(text.trim()).map_err(|e| RelayError::Malformed(e.to_string()))?;
        let (protection, default_port) = match url.scheme() {
            "smtp" => (Protection::StartTlsWhenOffered, 25),
            "smtps" => (Protection::Tls, 465),
            _ => return Err(RelayError::Scheme),
        };
        let host = url
            .host_str()
            .filter(|h| !h.is_empty())
            .ok_or(RelayError::NoHost)?
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_string();
        let decode = |s: &str| {
            percent_encoding::percent_decode_str(s)
                .decode_utf8()
                .map(std::borrow::Cow::into_owned)
                .map_err(|_| RelayError::Credentials)
        };
        let user = if url.username().is_empty() {
            None
        } else {
            Some((
                decode(url.username())?,
                decode(url.password().unwrap_or(""))?,
            ))
        };
        Ok(Relay {
            host,
            port: url.port().unwrap_or(default_port),
            protection,
            user,
        })
    }

    /// A connection to the server, made anew when the last one broke; connections are kept
    /// open between messages.
    pub fn transport(&self) -> Result<Mailer, Refused> {
        let tls = TlsParameters::new(self.host.clone()).map_err(|e| Refused {
            permanent: false,
            answer: e.to_string(),
        })?;
        let mut builder = SmtpTransport::builder_dangerous(self.host.clone())
            .port(self.port)
            .timeout(Some(SMTP_TIMEOUT))
            .tls(match self.protection {
                Protection::StartTlsWhenOffered => Tls::Opportunistic(tls),
                Protection::Tls => Tls::Wrapper(tls),
            });
        if let Some((name, password)) = &self.user {
            builder = builder.credentials(Credentials::new(name.clone(), password.clone()));
        }
        Ok(Mailer {
            transport: builder.build(),
        })
    }
}

/// A connection to the SMTP server.
pub struct Mailer {
    transport: SmtpTransport,
}

impl Mailer {
    /// Hands one message to the server; `Ok` once the server accepted it.
    pub fn send(&self, message: &Message) -> Result<(), Refused> {
        self.transport
            .send(message)
            .map(|_| ())
            .map_err(|e| Refused {
                permanent: e.is_permanent(),
                answer: e.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relay_is_read_from_its_address() {
        let relay = Relay::parse("smtp://mail.example.org").unwrap();
        assert_eq!(
            (relay.host.as_str(), relay.port, relay.protection),
            ("mail.example.org", 25, Protection::StartTlsWhenOffered)
        );
        assert_eq!(relay.user, None);
        let relay = Relay::parse("smtps://kiela%40fed.ao:p%C3%A1ss@smtp.fed.ao").unwrap();
        assert_eq!((relay.port, relay.protection), (465, Protection::Tls));
        assert_eq!(
            relay.user,
            Some(("kiela@fed.ao".to_string(), "páss".to_string()))
        );
        assert!(!format!("{relay:?}").contains("páss"));
        let relay = Relay::parse("smtp://[::1]:2525").unwrap();
        assert_eq!((relay.host.as_str(), relay.port), ("::1", 2525));
        assert_eq!(
            Relay::parse("http://mail.example.org"),
            Err(RelayError::Scheme)
        );
        assert!(matches!(
            Relay::parse("mail.example.org"),
            Err(RelayError::Malformed(_) | RelayError::Scheme)
        ));
        assert_eq!(Relay::parse("smtp://"), Err(RelayError::NoHost));
    }
}
