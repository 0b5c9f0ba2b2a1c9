//! Sign-up, login, logout and the account page (password, API tokens).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{error_key, html_with_status, redirect_with_flash, safe_next};
use crate::service::accounts::{self, ApiTokenInfo, User};
use crate::service::{App, ServiceError};
use crate::web::context::{
    Chrome, CsrfForm, Empty, FlashLevel, Page, SignedIn, client_ip, session_cookie,
    session_removal, session_token, staff_may_act_here,
};
use crate::web::errors::WebError;

#[derive(Template)]
#[template(path = "signup.html")]
struct SignupPage<'a> {
    c: &'a Chrome,
    name: &'a str,
    email: &'a str,
    error: Option<String>,
    /// Hall mode with the staff kept to the laptop, asked from the hall: no form, the reason.
    laptop_only: bool,
}

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage<'a> {
    c: &'a Chrome,
    email: &'a str,
    next: &'a str,
    error: Option<String>,
    laptop_only: bool,
}

#[derive(Template)]
#[template(path = "account.html")]
struct AccountPage<'a> {
    c: &'a Chrome,
    user: &'a User,
    role_key: String,
    tokens: Vec<ApiTokenInfo>,
    new_token: Option<String>,
    refused: Refused,
    /// Hours a link to a new address works.
    change_hours: i64,
    sends_mail: bool,
}

/// A form of the account page refused, shown again with its reason.
#[derive(Default)]
pub(super) struct Refused {
    /// The password form's error (a message key).
    pub(super) password: Option<String>,
    /// The address form's error (a message key), and the address as typed.
    pub(super) email: Option<String>,
    pub(super) email_typed: String,
}

#[derive(Deserialize)]
pub struct SignupForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

#[derive(Deserialize)]
pub struct LoginForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    next: String,
}

#[derive(Deserialize)]
pub struct NextQuery {
    #[serde(default)]
    next: String,
}

#[derive(Deserialize)]
pub struct PasswordForm {
    #[serde(default)]
    current: String,
    #[serde(default)]
    new: String,
    /// The "also revoke my API tokens" box (checked on the page by default).
    #[serde(default)]
    revoke_tokens: Option<String>,
}

#[derive(Deserialize)]
pub struct TokenForm {
    #[serde(default)]
    label: String,
}

pub(crate) async fn signup_form(req: HttpRequest, Page(c): Page) -> Result<HttpResponse, WebError> {
    let laptop_only = !staff_may_act_here(&req);
    html_with_status(
        hall_status(laptop_only),
        &SignupPage {
            c: &c,
            name: "",
            email: "",
            error: None,
            laptop_only,
        },
    )
}

/// 403 for the sign-in and sign-up pages asked from the hall when the staff are kept to the
/// laptop; 200 otherwise.
fn hall_status(laptop_only: bool) -> StatusCode {
    if laptop_only {
        StatusCode::FORBIDDEN
    } else {
        StatusCode::OK
    }
}

pub(crate) async fn signup(
    req: HttpRequest,
    Page(c): Page,
    app: web::Data<App>,
    form: CsrfForm<SignupForm>,
) -> Result<HttpResponse, WebError> {
    if !staff_may_act_here(&req) {
        return signup_form(req, Page(c)).await;
    }
    let form = form.parsed()?;
    let app = app.into_inner();
    let ip = client_ip(&req);
    let (email, name, password) = (form.email.clone(), form.name.clone(), form.password);
    let language = c.lang.language();
    match crate::web::run(move || {
        Ok::<_, crate::service::ServiceError>(accounts::sign_up(
            &app, &email, &name, &password, &ip, language,
        ))
    })
    .await?
    {
        Ok(session) => {
            let mut response =
                redirect_with_flash(&req, "/", FlashLevel::Success, "flash-signed-up")?;
            response.add_cookie(&session_cookie(&req, session.token))?;
            Ok(response)
        }
        Err(ServiceError::Invalid(invalid)) => html_with_status(
            crate::web::errors::refused_input(),
            &SignupPage {
                c: &c,
                name: &form.name,
                email: &form.email,
                error: Some(error_key(invalid.code)),
                laptop_only: false,
            },
        ),
        Err(e) => Err(e.into()),
    }
}

pub(crate) async fn login_form(
    req: HttpRequest,
    Page(c): Page,
    query: web::Query<NextQuery>,
) -> Result<HttpResponse, WebError> {
    let laptop_only = !staff_may_act_here(&req);
    html_with_status(
        hall_status(laptop_only),
        &LoginPage {
            c: &c,
            email: "",
            next: &safe_next(&query.next),
            error: None,
            laptop_only,
        },
    )
}

pub(crate) async fn login(
    req: HttpRequest,
    Page(c): Page,
    app: web::Data<App>,
    form: CsrfForm<LoginForm>,
) -> Result<HttpResponse, WebError> {
    if !staff_may_act_here(&req) {
        // The password is not checked: from the hall it is neither right nor wrong.
        return login_form(
            req,
            Page(c),
            web::Query(NextQuery {
                next: String::new(),
            }),
        )
        .await;
    }
    let form = form.parsed()?;
    let app = app.into_inner();
    let ip = client_ip(&req);
    let old = session_token(&req);
    let (email, password) = (form.email.clone(), form.password);
    let next = safe_next(&form.next);
    let language = c.lang.language();
    match crate::web::run(move || {
        Ok::<_, crate::service::ServiceError>(accounts::log_in(
            &app,
            &email,
            &password,
            &ip,
            old.as_deref(),
            language,
        ))
    })
    .await?
    {
        Ok(session) => {
            let mut response =
                redirect_with_flash(&req, &next, FlashLevel::Success, "flash-logged-in")?;
            response.add_cookie(&session_cookie(&req, session.token))?;
            Ok(response)
        }
        Err(ServiceError::BadCredentials) => html_with_status(
            crate::web::errors::service_status(&ServiceError::BadCredentials),
            &LoginPage {
                c: &c,
                email: &form.email,
                next: &next,
                error: Some(error_key("bad_credentials")),
                laptop_only: false,
            },
        ),
        Err(e) => Err(e.into()),
    }
}

pub(crate) async fn logout(
    req: HttpRequest,
    app: web::Data<App>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    if let Some(token) = session_token(&req) {
        let app = app.into_inner();
        crate::web::run(move || accounts::log_out(&app, &token)).await?;
    }
    let mut response = redirect_with_flash(&req, "/", FlashLevel::Success, "flash-logged-out")?;
    response.add_cookie(&session_removal(&req))?;
    Ok(response)
}

pub(super) async fn account_page(
    app: web::Data<App>,
    page: &SignedIn,
    new_token: Option<String>,
    refused: Refused,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let sends_mail = app.config.smtp_url.is_some();
    let app = app.into_inner();
    let user_id = page.user.id;
    let tokens = crate::web::run(move || accounts::list_api_tokens(&app, user_id)).await?;
    html_with_status(
        status,
        &AccountPage {
            c: &page.chrome,
            user: &page.user,
            role_key: format!("role-{}", page.user.role.as_str()),
            tokens,
            new_token,
            refused,
            change_hours: crate::service::email_change::CHANGE_LINK_HOURS,
            sends_mail,
        },
    )
}

pub(crate) async fn account(app: web::Data<App>, page: SignedIn) -> Result<HttpResponse, WebError> {
    account_page(app, &page, None, Refused::default(), StatusCode::OK).await
}

pub(crate) async fn change_password(
    req: HttpRequest,
    app: web::Data<App>,
    page: SignedIn,
    form: CsrfForm<PasswordForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let token = session_token(&req).unwrap_or_default();
    let user_id = page.user.id;
    let service = app.clone().into_inner();
    let ip = client_ip(&req);
    let result = crate::web::run(move || {
        Ok::<_, crate::service::ServiceError>({
            let change = accounts::PasswordChange {
                current: &form.current,
                new: &form.new,
                revoke_tokens: form.revoke_tokens.is_some(),
            };
            accounts::change_password(&service, user_id, &token, &change, &ip)
        })
    })
    .await?;
    match result {
        Ok(()) => redirect_with_flash(
            &req,
            "/account",
            FlashLevel::Success,
            "flash-password-changed",
        ),
        Err(ServiceError::Invalid(invalid)) => {
            account_page(
                app,
                &page,
                None,
                Refused {
                    password: Some(error_key(invalid.code)),
                    ..Refused::default()
                },
                crate::web::errors::refused_input(),
            )
            .await
        }
        Err(e) => Err(e.into()),
    }
}

pub(crate) async fn create_token(
    app: web::Data<App>,
    page: SignedIn,
    form: CsrfForm<TokenForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let service = app.clone().into_inner();
    let user_id = page.user.id;
    let token =
        crate::web::run(move || accounts::create_api_token(&service, user_id, &form.label)).await?;
    account_page(app, &page, Some(token), Refused::default(), StatusCode::OK).await
}

pub(crate) async fn revoke_token(
    req: HttpRequest,
    app: web::Data<App>,
    page: SignedIn,
    path: web::Path<crate::domain::TokenId>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let app = app.into_inner();
    let (user_id, token_id) = (page.user.id, path.into_inner());
    crate::web::run(move || accounts::revoke_api_token(&app, user_id, token_id)).await?;
    redirect_with_flash(&req, "/account", FlashLevel::Success, "flash-token-revoked")
}
