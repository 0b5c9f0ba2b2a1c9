//! Forms whose CSRF token was checked before anything else in them was read: URL-encoded
//! forms, a record file, an event archive.

use super::{
    CSRF_FIELD, DeserializeOwned, ErrorCode, FromRequest, HttpRequest, LocalBoxFuture,
    MAX_BODY_BYTES, Payload, ServiceError, WebError, app_of, crypto, csrf_token, request_context,
    request_host, web,
};

/// A form with nothing but its CSRF token.
#[derive(serde::Deserialize)]
pub struct Empty {}

/// A URL-encoded form whose CSRF token was checked before anything else in it was read.
/// Requests from another site (by `Origin` or `Sec-Fetch-Site`) are refused outright.
///
/// A form that does not parse is reported by [`CsrfForm::parsed`] in the handler, after the
/// role extractors succeeded: a visitor without the right role learns nothing about a form's
/// shape, and is told 403 (or to log in) rather than 400.
pub struct CsrfForm<T>(Result<T, WebError>);

impl<T> CsrfForm<T> {
    /// The form's fields, or 400 when they do not parse.
    pub(crate) fn parsed(self) -> Result<T, WebError> {
        self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for CsrfForm<T> {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<CsrfForm<T>, WebError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let body = web::Bytes::from_request(&req, payload);
        Box::pin(async move {
            check_same_origin(&req)?;
            let body = body.await.map_err(|e| WebError::from_payload(&e))?;
            let fields: Vec<(String, String)> =
                serde_urlencoded::from_bytes(&body).map_err(|_| WebError::BadRequest)?;
            let sent = fields
                .iter()
                .find(|(k, _)| k == CSRF_FIELD)
                .map(|(_, v)| v.as_str())
                .unwrap_or_default();
            check_csrf_token(&req, sent)?;
            Ok(CsrfForm(
                serde_urlencoded::from_bytes(&body).map_err(|_| WebError::BadRequest),
            ))
        })
    }
}

/// What a page's script or its form sent: JSON (which a page of another site cannot send
/// without a preflight this site never grants, so it needs no token; a cross-site `Origin` is
/// still refused), or a URL-encoded form with its CSRF token, as [`CsrfForm`].
pub struct FormOrJson<T> {
    fields: Result<T, WebError>,
    /// Sent as JSON: the answer is JSON too.
    pub json: bool,
}

impl<T> FormOrJson<T> {
    /// The fields, or the reason they do not parse (400 for a form, 422 naming the field for
    /// JSON).
    pub(crate) fn parsed(self) -> Result<T, WebError> {
        self.fields
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for FormOrJson<T> {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<FormOrJson<T>, WebError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        if !crate::web::api::is_json(req) {
            let form = CsrfForm::<T>::from_request(req, payload);
            return Box::pin(async move {
                Ok(FormOrJson {
                    fields: form.await?.0,
                    json: false,
                })
            });
        }
        let req = req.clone();
        let body = web::Bytes::from_request(&req, payload);
        Box::pin(async move {
            check_same_origin(&req)?;
            let body = body.await.map_err(|e| WebError::from_payload(&e))?;
            let fields = crate::web::api::json_fields::<T>(&body);
            Ok(FormOrJson { fields, json: true })
        })
    }
}

/// Refuses a form whose token is not this visitor's (constant-time comparison).
pub(super) fn check_csrf_token(req: &HttpRequest, sent: &str) -> Result<(), WebError> {
    let app = app_of(req)?;
    let expected = csrf_token(&app, &request_context(req).csrf_seed);
    if crypto::same_secret(&expected, sent) {
        Ok(())
    } else {
        Err(WebError::Csrf)
    }
}

/// Refuses a state-changing request that a browser marks as coming from another site.
pub(super) fn check_same_origin(req: &HttpRequest) -> Result<(), WebError> {
    let headers = req.headers();
    match headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        Some("cross-site") => return Err(WebError::Csrf),
        // Browsers set this header themselves and pages cannot forge it; `Origin` may then
        // be `null` (privacy settings), so it decides alone.
        Some("same-origin") => return Ok(()),
        _ => {}
    }
    if let Some(origin) = headers
        .get(actix_web::http::header::ORIGIN)
        .and_then(|v| v.to_str().ok())
    {
        let trust = app_of(req).is_ok_and(|app| app.config.trust_proxy);
        let host = request_host(req, trust).unwrap_or_default();
        let origin_host = origin
            .split_once("://")
            .map_or(origin, |(_, rest)| rest)
            .trim_end_matches('/');
        if origin == "null" || !origin_host.eq_ignore_ascii_case(&host) {
            return Err(WebError::Csrf);
        }
    }
    Ok(())
}

/// A record file sent with a `multipart/form-data` form (the upload that needs no JavaScript):
/// the CSRF token is checked as for any form; the file must be UTF-8 text within the record
/// size limit.
pub struct CsrfUpload(Result<Vec<u8>, WebError>);

impl CsrfUpload {
    /// The uploaded text, or 400 when the file is missing, not UTF-8 text or too large.
    /// Checked in the handler, after the role extractors.
    pub(crate) fn text(self) -> Result<String, WebError> {
        String::from_utf8(self.0?).map_err(|_| {
            WebError::Service(ServiceError::invalid("file", ErrorCode::RecordFileNotText))
        })
    }

    /// The uploaded bytes, for a file that may come in another encoding (a TRF file).
    pub(crate) fn bytes(self) -> Result<Vec<u8>, WebError> {
        self.0
    }
}

impl FromRequest for CsrfUpload {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<CsrfUpload, WebError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        use futures_util::StreamExt;
        let req = req.clone();
        let multipart = actix_multipart::Multipart::new(req.headers(), payload.take());
        Box::pin(async move {
            check_same_origin(&req)?;
            let mut multipart = multipart;
            let (mut csrf, mut file, mut total) = (String::new(), Vec::new(), 0usize);
            while let Some(field) = multipart.next().await {
                // A body that is not multipart is reported after the role checks, like a form
                // that does not parse.
                let Ok(mut field) = field else {
                    return Ok(CsrfUpload(Err(WebError::BadRequest)));
                };
                let name = field.name().unwrap_or_default().to_string();
                let mut data = Vec::new();
                while let Some(chunk) = field.next().await {
                    let Ok(chunk) = chunk else {
                        return Ok(CsrfUpload(Err(WebError::BadRequest)));
                    };
                    total += chunk.len();
                    if total > MAX_BODY_BYTES {
                        return Err(WebError::PayloadTooLarge { limit: None });
                    }
                    data.extend_from_slice(&chunk);
                }
                match name.as_str() {
                    CSRF_FIELD => csrf = String::from_utf8(data).unwrap_or_default(),
                    "file" => file = data,
                    _ => {}
                }
            }
            check_csrf_token(&req, &csrf)?;
            let file = if file.is_empty() {
                Err(WebError::Service(ServiceError::invalid(
                    "file",
                    ErrorCode::RecordFileMissing,
                )))
            } else {
                Ok(file)
            };
            Ok(CsrfUpload(file))
        })
    }
}

/// An event archive sent with a `multipart/form-data` form: the file (at most
/// `MAX_ARCHIVE_BODY` bytes) and the form's small fields (the organiser's decisions), the CSRF
/// token checked as for any form.
pub struct CsrfArchiveUpload {
    pub file: Result<Vec<u8>, WebError>,
    pub fields: Vec<(String, String)>,
}

/// Bytes of a form's fields beside its file.
pub(super) const MAX_FIELD_BYTES: usize = 256 * 1024;

impl FromRequest for CsrfArchiveUpload {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<CsrfArchiveUpload, WebError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        use futures_util::StreamExt;
        let req = req.clone();
        let multipart = actix_multipart::Multipart::new(req.headers(), payload.take());
        Box::pin(async move {
            check_same_origin(&req)?;
            let mut multipart = multipart;
            let (mut csrf, mut file, mut fields) = (String::new(), Vec::new(), Vec::new());
            let (mut file_bytes, mut field_bytes) = (0usize, 0usize);
            let broken = || CsrfArchiveUpload {
                file: Err(WebError::BadRequest),
                fields: Vec::new(),
            };
            while let Some(field) = multipart.next().await {
                let Ok(mut field) = field else {
                    return Ok(broken());
                };
                let name = field.name().unwrap_or_default().to_string();
                let is_file = name == "file";
                let mut data = Vec::new();
                while let Some(chunk) = field.next().await {
                    let Ok(chunk) = chunk else {
                        return Ok(broken());
                    };
                    let (used, limit) = if is_file {
                        (&mut file_bytes, crate::web::api::archives::MAX_ARCHIVE_BODY)
                    } else {
                        (&mut field_bytes, MAX_FIELD_BYTES)
                    };
                    *used += chunk.len();
                    if *used > limit {
                        return Err(WebError::PayloadTooLarge { limit: None });
                    }
                    data.extend_from_slice(&chunk);
                }
                match name.as_str() {
                    CSRF_FIELD => csrf = String::from_utf8(data).unwrap_or_default(),
                    "file" => file = data,
                    _ => fields.push((name, String::from_utf8_lossy(&data).into_owned())),
                }
            }
            check_csrf_token(&req, &csrf)?;
            Ok(CsrfArchiveUpload {
                file: if file.is_empty() {
                    Err(WebError::Service(ServiceError::invalid(
                        "file",
                        ErrorCode::RecordFileMissing,
                    )))
                } else {
                    Ok(file)
                },
                fields,
            })
        })
    }
}
