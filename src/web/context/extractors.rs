//! Pages by who may see them: anyone, a signed-in account, an administrator, an organiser.

use super::{
    Chrome, FromRequest, Future, HttpRequest, Payload, Pin, Role, ServiceError, User, WebError,
    current_user,
};

pub(super) type LocalBoxFuture<T> = Pin<Box<dyn Future<Output = T>>>;

/// Any visitor's page.
pub struct Page(pub Chrome);

impl FromRequest for Page {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<Page, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let user = current_user(&req).await?;
            Ok(Page(Chrome::build(&req, user)?))
        })
    }
}

/// A page for signed-in users; anyone else is sent to the login page.
pub struct SignedIn {
    pub chrome: Chrome,
    pub user: User,
}

impl FromRequest for SignedIn {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<SignedIn, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            match current_user(&req).await? {
                Some(user) => Ok(SignedIn {
                    chrome: Chrome::build(&req, Some(user.clone()))?,
                    user,
                }),
                None => Err(WebError::LoginRequired(login_return_path(&req))),
            }
        })
    }
}

/// Where to come back after logging in: this page, for a GET; the referring form's page
/// would be guesswork for a POST, so the home page.
pub(super) fn login_return_path(req: &HttpRequest) -> String {
    if req.method() == actix_web::http::Method::GET {
        match req.query_string() {
            "" => req.path().to_string(),
            query => format!("{}?{query}", req.path()),
        }
    } else {
        "/".to_string()
    }
}

/// A page for the installation's administrators.
pub struct AdminPage {
    pub chrome: Chrome,
    pub user: User,
}

impl FromRequest for AdminPage {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<AdminPage, WebError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let signed_in = SignedIn::from_request(req, payload);
        Box::pin(async move {
            let SignedIn { chrome, user } = signed_in.await?;
            if user.role != Role::Admin {
                return Err(WebError::Service(ServiceError::Forbidden));
            }
            Ok(AdminPage { chrome, user })
        })
    }
}

/// A page for accounts that may create events (organisers and administrators).
pub struct CreatorPage {
    pub chrome: Chrome,
    pub user: User,
}

impl FromRequest for CreatorPage {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<CreatorPage, WebError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let signed_in = SignedIn::from_request(req, payload);
        Box::pin(async move {
            let SignedIn { chrome, user } = signed_in.await?;
            if !user.role.can_create_events() {
                return Err(WebError::Service(ServiceError::Forbidden));
            }
            Ok(CreatorPage { chrome, user })
        })
    }
}
