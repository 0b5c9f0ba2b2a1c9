//! The hall: a venue's laptop as the site every phone in the hall reaches (`kiela serve
//! --hall`, docs/venue.md). The server listens on every interface; of the laptop's addresses,
//! the one phones should open is chosen (the address the organiser gives, else a private
//! address of a wireless network first, then of a wired one, never loopback, a container's
//! bridge or a VPN's tunnel), and every link and QR code is built from it. At start-up the
//! address is printed, and drawn as a QR code in the terminal, for a phone held to the screen.

use std::net::IpAddr;

/// One address of the laptop, on one of its interfaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub interface: String,
    pub ip: IpAddr,
    /// A point-to-point link (a VPN, a dial-up): never the hall's.
    pub point_to_point: bool,
}

/// Interfaces that are never the hall's network: containers' and virtual machines' bridges,
/// VPN tunnels.
const NOT_THE_HALL: &[&str] = &[
    "docker",
    "br-",
    "veth",
    "virbr",
    "vboxnet",
    "vmnet",
    "lxc",
    "lxd",
    "cni",
    "flannel",
    "podman",
    "tun",
    "tap",
    "wg",
    "tailscale",
    "zt",
    "utun",
    "ppp",
    "ham",
];

/// How well an address suits the phones of the hall (lower is better); `None` for one they
/// can never use.
fn rank(address: &Address) -> Option<u8> {
    let name = address.interface.to_ascii_lowercase();
    if address.point_to_point || NOT_THE_HALL.iter().any(|p| name.starts_with(p)) {
        return None;
    }
    let wireless = name.starts_with("wl") || name.contains("wi-fi") || name.contains("wifi");
    // IPv4 first: every phone and every hotspot speaks it; a hall's IPv6 is often missing.
    match address.ip {
        IpAddr::V4(ip) if ip.is_loopback() || ip.is_unspecified() => None,
        IpAddr::V4(ip) if ip.is_private() => Some(u8::from(!wireless)),
        // A hotspot without DHCP gives the laptop an address of its own choosing.
        IpAddr::V4(ip) if ip.is_link_local() => Some(4),
        IpAddr::V4(_) => Some(2),
        IpAddr::V6(ip) if ip.is_loopback() || ip.is_unspecified() => None,
        // A link-local address needs its interface named in the link: no phone opens that.
        IpAddr::V6(ip) if ip.is_unicast_link_local() => None,
        IpAddr::V6(ip) if ip.is_unique_local() => Some(3),
        IpAddr::V6(_) => Some(5),
    }
}

/// The addresses phones may open, best first (IPv6 ones only when the server listens on
/// IPv6 too: `ipv6`).
#[must_use]
pub fn usable(addresses: &[Address], ipv6: bool) -> Vec<Address> {
    let mut ranked: Vec<(u8, &Address)> = addresses
        .iter()
        .filter(|a| ipv6 || a.ip.is_ipv4())
        .filter_map(|a| rank(a).map(|r| (r, a)))
        .collect();
    ranked.sort_by(|a, b| (a.0, &a.1.interface, a.1.ip).cmp(&(b.0, &b.1.interface, b.1.ip)));
    let mut out: Vec<Address> = Vec::new();
    for (_, a) in ranked {
        if !out.iter().any(|o| o.ip == a.ip) {
            out.push(a.clone());
        }
    }
    out
}

/// The laptop's addresses on the interfaces that are up.
pub fn discover() -> std::io::Result<Vec<Address>> {
    Ok(if_addrs::get_if_addrs()?
        .into_iter()
        .filter(if_addrs::Interface::is_oper_up)
        .map(|i| Address {
            point_to_point: i.is_p2p(),
            ip: i.ip(),
            interface: i.name,
        })
        .collect())
}

/// The site's address for phones: `http://` the address (IPv6 in brackets) and the port.
#[must_use]
pub fn url_of(ip: IpAddr, port: u16) -> String {
    match ip {
        IpAddr::V4(ip) => format!("http://{ip}:{port}"),
        IpAddr::V6(ip) => format!("http://[{ip}]:{port}"),
    }
}

/// The site's address from the organiser's `hall_address`: an address or a host name, with
/// its port or `port`.
#[must_use]
pub fn url_from(address: &str, port: u16) -> String {
    let address = address.trim();
    if let Ok(ip) = address.parse::<IpAddr>() {
        return url_of(ip, port);
    }
    let has_port = match address.rsplit_once(':') {
        Some((host, port)) => {
            !host.is_empty() && !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    };
    if has_port || address.ends_with(']') && address.contains("]:") {
        format!("http://{address}")
    } else {
        format!("http://{address}:{port}")
    }
}

/// `url` as a QR code drawn in text (two rows of modules per line), for a terminal.
#[must_use]
pub fn terminal_qr(url: &str) -> String {
    match qrcode::QrCode::new(url.as_bytes()) {
        Ok(code) => code
            .render::<qrcode::render::unicode::Dense1x2>()
            .dark_color(qrcode::render::unicode::Dense1x2::Light)
            .light_color(qrcode::render::unicode::Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
        Err(_) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(interface: &str, ip: &str) -> Address {
        Address {
            interface: interface.into(),
            ip: ip.parse().unwrap(),
            point_to_point: false,
        }
    }

    #[test]
    fn the_hall_is_a_private_network_of_the_laptop_wireless_first() {
        let found = usable(
            &[
                at("lo", "127.0.0.1"),
                at("docker0", "172.17.0.1"),
                at("br-1a2b", "172.18.0.1"),
                at("veth12", "10.9.0.1"),
                at("tailscale0", "100.64.0.3"),
                at("eth0", "192.168.0.20"),
                at("wlp2s0", "192.168.43.17"),
                at("wlp2s0", "fe80::1"),
                at("wlp2s0", "fd12::17"),
                at("lo", "::1"),
            ],
            true,
        );
        let ips: Vec<String> = found.iter().map(|a| a.ip.to_string()).collect();
        assert_eq!(ips, ["192.168.43.17", "192.168.0.20", "fd12::17"]);
        let mut vpn = at("office", "10.8.0.2");
        vpn.point_to_point = true;
        assert!(usable(&[vpn, at("lo", "127.0.0.1")], true).is_empty());
        // A public address before an IPv6 one; IPv6 not at all when the server listens on
        // IPv4 alone.
        let found = usable(&[at("eth0", "fd00::2"), at("eth0", "192.0.2.2")], true);
        assert_eq!(found[0].ip.to_string(), "192.0.2.2");
        assert_eq!(usable(&[at("eth0", "fd00::2")], false), vec![]);
    }

    #[test]
    fn the_address_phones_open() {
        assert_eq!(
            url_of("192.168.43.17".parse().unwrap(), 8080),
            "http://192.168.43.17:8080"
        );
        assert_eq!(
            url_of("fd12::17".parse().unwrap(), 80),
            "http://[fd12::17]:80"
        );
        assert_eq!(url_from("192.168.1.5", 8080), "http://192.168.1.5:8080");
        assert_eq!(url_from("kiela.local", 8080), "http://kiela.local:8080");
        assert_eq!(url_from("kiela.local:80", 8080), "http://kiela.local:80");
        assert_eq!(url_from("fd12::17", 8080), "http://[fd12::17]:8080");
        assert_eq!(url_from("[fd12::17]:81", 8080), "http://[fd12::17]:81");
        assert!(terminal_qr("http://192.168.43.17:8080").lines().count() > 10);
    }
}
