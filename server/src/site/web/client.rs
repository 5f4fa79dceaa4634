//! Who the client is, as far as the network tells: its address (log-in throttling) and whether
//! it reached the site over https (Secure cookies). Behind a reverse proxy (`--behind-proxy`)
//! both come from the proxy's `X-Forwarded-For` / `X-Forwarded-Proto`; otherwise from the TCP
//! connection, and the headers are ignored since any client can send them.

use crate::site::state::AppState;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use std::net::SocketAddr;

/// The client of this request (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct Client {
    /// The client's IP address, if known (tests that call the router directly have none).
    pub address: Option<String>,
    pub https: bool,
}

impl Client {
    fn from_request(headers: &HeaderMap, peer: Option<SocketAddr>, behind_proxy: bool) -> Client {
        let peer = peer.map(|p| p.ip().to_string());
        if !behind_proxy {
            return Client { address: peer, https: false };
        }
        // The proxy appends the address it saw: the last entry is the one we can trust.
        let forwarded = headers
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .map(|a| a.trim().to_string())
            .filter(|a| !a.is_empty());
        let https = headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .is_some_and(|p| p.trim().eq_ignore_ascii_case("https"));
        Client { address: forwarded.or(peer), https }
    }
}

/// Whether the request came over https, as far as we may believe (see the module doc).
pub fn is_https(headers: &HeaderMap, behind_proxy: bool) -> bool {
    behind_proxy && Client::from_request(headers, None, true).https
}

impl FromRequestParts<AppState> for Client {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0);
        Ok(Client::from_request(&parts.headers, peer, state.config.behind_proxy))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, v.parse().unwrap());
        }
        h
    }

    #[test]
    fn forwarded_headers_count_only_behind_a_proxy() {
        let peer: SocketAddr = "10.0.0.9:5000".parse().unwrap();
        let h = headers(&[("x-forwarded-for", "1.2.3.4, 5.6.7.8"), ("x-forwarded-proto", "https")]);
        let direct = Client::from_request(&h, Some(peer), false);
        assert_eq!(direct.address.as_deref(), Some("10.0.0.9"));
        assert!(!direct.https);
        let proxied = Client::from_request(&h, Some(peer), true);
        assert_eq!(proxied.address.as_deref(), Some("5.6.7.8"), "the proxy's own entry, not the client's claim");
        assert!(proxied.https);
        let plain = Client::from_request(&headers(&[("x-forwarded-proto", "http")]), Some(peer), true);
        assert_eq!(plain.address.as_deref(), Some("10.0.0.9"));
        assert!(!plain.https);
        assert!(is_https(&h, true) && !is_https(&h, false));
    }
}
