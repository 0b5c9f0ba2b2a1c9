//! Pagination of the API's lists, as GitHub does it: `?page=N&per_page=M` (pages from 1; at
//! most [`MAX_PER_PAGE`] items, and that many when not asked, so a client that never asks
//! still gets every item of any event that fits one page), the total in `X-Total-Count`, and
//! `Link` with the `first`, `prev`, `next` and `last` pages.

use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder};

use super::ApiError;

use crate::web::page_cache::PageKey;

/// Items per page when the client does not say, and at most.
pub(crate) const MAX_PER_PAGE: usize = 1000;

/// The largest page a client may ask for.
const MAX_PAGE: usize = 2_147_483_647;

/// The page a request asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Paging {
    page: usize,
    per_page: usize,
}

impl Paging {
    /// Reads `page` and `per_page` from the query; 400 naming the parameter when one is not
    /// a whole number in range.
    pub(crate) fn of(req: &HttpRequest) -> Result<Paging, ApiError> {
        let mut paging = Paging {
            page: 1,
            per_page: MAX_PER_PAGE,
        };
        for (name, value) in serde_urlencoded::from_str::<Vec<(String, String)>>(req.query_string())
            .unwrap_or_default()
        {
            let bad =
                || ApiError::from(crate::web::errors::WebError::InvalidParameter(name.clone()));
            match name.as_str() {
                // Pages up to the largest the API document states (2^31 - 1).
                "page" => {
                    paging.page = value
                        .parse()
                        .ok()
                        .filter(|&p| (1..=MAX_PAGE).contains(&p))
                        .ok_or_else(bad)?;
                }
                "per_page" => {
                    paging.per_page = value
                        .parse()
                        .ok()
                        .filter(|&p| (1..=MAX_PER_PAGE).contains(&p))
                        .ok_or_else(bad)?;
                }
                _ => {}
            }
        }
        Ok(paging)
    }

    /// The list's name in the page store: `key` with the paging written one way (defaults
    /// left out, `per_page=01000` as `per_page=1000`), a page past the last one (of `total`
    /// items, when known) named as the one just after it, which shows the same empty list.
    pub(crate) fn named(&self, key: PageKey, total: Option<u64>) -> PageKey {
        let page = match total {
            Some(total) => {
                let last = usize::try_from(total)
                    .unwrap_or(usize::MAX)
                    .div_ceil(self.per_page)
                    .max(1);
                self.page.min(last + 1)
            }
            None => self.page,
        };
        let key = if page == 1 {
            key
        } else {
            key.with("page", page)
        };
        if self.per_page == MAX_PER_PAGE {
            key
        } else {
            key.with("per_page", self.per_page)
        }
    }

    /// This page's items of `items`.
    pub(crate) fn slice<T>(&self, items: Vec<T>) -> Vec<T> {
        items
            .into_iter()
            .skip((self.page - 1).saturating_mul(self.per_page))
            .take(self.per_page)
            .collect()
    }

    /// A 200 with `X-Total-Count` and `Link` for a list of `total` items.
    pub(crate) fn ok(&self, req: &HttpRequest, total: usize) -> HttpResponseBuilder {
        let mut response = HttpResponse::Ok();
        for header in self.headers(req.path(), total) {
            response.insert_header(header);
        }
        response
    }

    /// `X-Total-Count` and `Link` for a list of `total` items at `path`.
    pub(crate) fn headers(&self, path: &str, total: usize) -> Vec<(&'static str, String)> {
        let last = total.div_ceil(self.per_page).max(1);
        let link = |page: usize, rel: &str| {
            format!(
                "<{path}?page={page}&per_page={}>; rel=\"{rel}\"",
                self.per_page
            )
        };
        let mut links = vec![link(1, "first")];
        if self.page > 1 {
            links.push(link((self.page - 1).min(last), "prev"));
        }
        if self.page < last {
            links.push(link(self.page + 1, "next"));
        }
        links.push(link(last, "last"));
        vec![
            ("X-Total-Count", total.to_string()),
            ("Link", links.join(", ")),
        ]
    }
}
