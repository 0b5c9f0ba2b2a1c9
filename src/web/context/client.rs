//! Who is asking and where they asked: the client address the rate limits count and the host
//! a request was sent to, through a trusted proxy or not.

use super::{HttpRequest, app_of};

/// The client address used by the rate limits: the peer; or, when the server is configured to
/// trust its proxy, the right-most address of `X-Forwarded-For` that is not the proxy's own.
/// The proxy appends the address it saw to the end of the header; whatever stands before it
/// was written by the client and proves nothing.
#[must_use]
pub(crate) fn client_ip(req: &HttpRequest) -> String {
    client_addr(req).map_or_else(|| "unknown".to_string(), limit_address)
}

fn client_addr(req: &HttpRequest) -> Option<std::net::IpAddr> {
    let trust = app_of(req).is_ok_and(|app| app.config.trust_proxy);
    let peer = req.peer_addr().map(|a| a.ip());
    let forwarded = trust
        .then(|| forwarded_client(req.headers(), peer))
        .flatten();
    forwarded.or(peer)
}

/// Whether a signed-in account may act from where this request comes: always, except in hall
/// mode with the staff kept to the laptop (`hall_staff = "laptop"`), where only the laptop
/// itself (a loopback address) may. Sessions and passwords sent over the hall's plain
/// `http://` network could be read by any phone on it.
#[must_use]
pub(crate) fn staff_may_act_here(req: &HttpRequest) -> bool {
    let Ok(app) = app_of(req) else { return false };
    !app.config.hall
        || app.config.hall_staff == crate::domain::HallStaff::Hall
        || client_addr(req).is_some_and(|ip| match ip {
            std::net::IpAddr::V6(v6) => v6
                .to_ipv4_mapped()
                .map_or(v6.is_loopback(), |v4| v4.is_loopback()),
            std::net::IpAddr::V4(v4) => v4.is_loopback(),
        })
}

/// An address as the rate limits count it: an IPv4 address itself, an IPv6 address by its
/// /64 network (one home or phone gets a whole /64 and can pick any address in it).
pub(super) fn limit_address(ip: std::net::IpAddr) -> String {
    match ip {
        std::net::IpAddr::V4(v4) => v4.to_string(),
        std::net::IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

/// The right-most address of every `X-Forwarded-For` header that is not `proxy`.
pub(super) fn forwarded_client(
    headers: &actix_web::http::header::HeaderMap,
    proxy: Option<std::net::IpAddr>,
) -> Option<std::net::IpAddr> {
    let values: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .collect();
    values
        .iter()
        .flat_map(|v| v.split(','))
        .rev()
        .filter_map(parse_forwarded_addr)
        .find(|ip| Some(*ip) != proxy)
}

/// An address as proxies write it: `203.0.113.7`, `203.0.113.7:4711`, `[2001:db8::1]:4711`.
pub(super) fn parse_forwarded_addr(text: &str) -> Option<std::net::IpAddr> {
    let text = text.trim();
    if let Ok(ip) = text.parse() {
        return Some(ip);
    }
    if let Ok(addr) = text.parse::<std::net::SocketAddr>() {
        return Some(addr.ip());
    }
    text.strip_prefix('[')
        .and_then(|rest| rest.split_once(']'))
        .and_then(|(ip, _)| ip.parse().ok())
}

/// The host this request was sent to: `X-Forwarded-Host` when the proxy is trusted, else
/// `Host`. Only a plain host name or address (with an optional port) is taken; anything else
/// (a path, a scheme, spaces, quotes) is not a host and gives `None`.
#[must_use]
pub(crate) fn request_host(req: &HttpRequest, trust_proxy: bool) -> Option<String> {
    let header = |name: &str| {
        req.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .map(str::trim)
    };
    let forwarded = trust_proxy.then(|| header("x-forwarded-host")).flatten();
    forwarded
        .or_else(|| header("host"))
        .filter(|h| is_host(h))
        .map(str::to_string)
}

pub(super) fn is_host(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 255
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b':' | b'[' | b']'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(values: &[&str]) -> actix_web::http::header::HeaderMap {
        let mut map = actix_web::http::header::HeaderMap::new();
        for v in values {
            map.append(
                actix_web::http::header::HeaderName::from_static("x-forwarded-for"),
                actix_web::http::header::HeaderValue::from_str(v).unwrap(),
            );
        }
        map
    }

    #[test]
    fn the_client_is_the_right_most_forwarded_address_not_the_proxys() {
        let proxy: std::net::IpAddr = "10.0.0.2".parse().unwrap();
        let ip = |v: &[&str]| forwarded_client(&headers(v), Some(proxy)).map(|a| a.to_string());
        // The client wrote a false address; the proxy appended the real one.
        assert_eq!(
            ip(&["6.6.6.6, 203.0.113.7"]).as_deref(),
            Some("203.0.113.7")
        );
        assert_eq!(
            ip(&["6.6.6.6", "203.0.113.7"]).as_deref(),
            Some("203.0.113.7")
        );
        // The proxy's own address is skipped, ports and brackets are read.
        assert_eq!(
            ip(&["203.0.113.7:5000, 10.0.0.2"]).as_deref(),
            Some("203.0.113.7")
        );
        assert_eq!(ip(&["[2001:db8::1]:443"]).as_deref(), Some("2001:db8::1"));
        // Garbage is not an address.
        assert_eq!(
            ip(&["203.0.113.7, not-an-ip"]).as_deref(),
            Some("203.0.113.7")
        );
        assert_eq!(ip(&["nonsense"]), None);
        assert_eq!(ip(&[]), None);
    }

    #[test]
    fn an_ipv6_client_is_counted_by_its_network() {
        let at = |text: &str| limit_address(text.parse().unwrap());
        assert_eq!(at("2001:db8:1:2:aaaa::1"), at("2001:db8:1:2:bbbb::9"));
        assert_ne!(at("2001:db8:1:2::1"), at("2001:db8:1:3::1"));
        assert_eq!(at("::ffff:203.0.113.7"), "203.0.113.7");
        assert_eq!(at("203.0.113.7"), "203.0.113.7");
    }
}
