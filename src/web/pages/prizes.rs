//! The organisers' prize fund form: place prizes one per line, categories each in its own
//! fieldset (the stored ones and a few blank ones to add more), the sharing rules; a refused
//! form comes back as it was typed, with the reason.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::{error_key, html, html_with_status, redirect_with_flash};
use crate::domain::{ErrorCode, Event, Sex};
use crate::service::prizes::{self, CategoryInput, Fund, PrizeInput, PrizeListView, Rule};
use crate::service::{App, ServiceError};
use crate::web::context::{Chrome, CsrfForm, FlashLevel};
use crate::web::errors::WebError;
use crate::web::event_context::OrganiserPage;

/// Blank category fieldsets shown after the stored ones.
const BLANK_CATEGORIES: usize = 3;
/// Category fieldsets read from a form at most.
const MAX_CATEGORY_SLOTS: usize = 50;

/// A category as typed.
#[derive(Clone, Debug, Default)]
pub(crate) struct CategoryFields {
    name: String,
    sex: String,
    born_from: String,
    born_until: String,
    province: String,
    club: String,
    rating_below: String,
    unrated: bool,
    tag: String,
    prizes: String,
}

/// The whole form as typed.
#[derive(Clone, Debug)]
pub(crate) struct FundFields {
    currency: String,
    sharing: String,
    one_prize_per_player: bool,
    by_list_order: bool,
    published: bool,
    places: String,
    categories: Vec<CategoryFields>,
}

fn lines(prizes: &[PrizeInput]) -> String {
    prizes
        .iter()
        .map(PrizeInput::as_line)
        .collect::<Vec<_>>()
        .join("\n")
}

fn prizes_of(text: &str) -> Vec<PrizeInput> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(PrizeInput::from_line)
        .collect()
}

fn optional_year(text: &str, code: ErrorCode) -> Result<Option<i32>, ErrorCode> {
    match text.trim() {
        "" => Ok(None),
        t => t.parse().map(Some).map_err(|_| code),
    }
}

fn optional_text(text: &str) -> Option<String> {
    Some(text.trim().to_string()).filter(|t| !t.is_empty())
}

impl CategoryFields {
    fn from_category(c: &CategoryInput) -> CategoryFields {
        let number = |n: Option<i32>| n.map(|n| n.to_string()).unwrap_or_default();
        CategoryFields {
            name: c.name.clone(),
            sex: c
                .rule
                .sex
                .map(|s| s.as_str().to_string())
                .unwrap_or_default(),
            born_from: number(c.rule.born_from),
            born_until: number(c.rule.born_until),
            province: c.rule.province.clone().unwrap_or_default(),
            club: c.rule.club.clone().unwrap_or_default(),
            rating_below: number(c.rule.rating_below),
            unrated: c.rule.unrated == Some(true),
            tag: c.rule.tag.clone().unwrap_or_default(),
            prizes: lines(&c.prizes),
        }
    }

    fn from_fields(fields: &HashMap<String, String>, slot: usize) -> CategoryFields {
        let get = |name: &str| {
            fields
                .get(&format!("cat{slot}_{name}"))
                .cloned()
                .unwrap_or_default()
        };
        CategoryFields {
            name: get("name"),
            sex: get("sex"),
            born_from: get("born_from"),
            born_until: get("born_until"),
            province: get("province"),
            club: get("club"),
            rating_below: get("rating_below"),
            unrated: !get("unrated").is_empty(),
            tag: get("tag"),
            prizes: get("prizes"),
        }
    }

    fn is_blank(&self) -> bool {
        let texts = [
            &self.name,
            &self.sex,
            &self.born_from,
            &self.born_until,
            &self.province,
            &self.club,
            &self.rating_below,
            &self.tag,
            &self.prizes,
        ];
        !self.unrated && texts.iter().all(|t| t.trim().is_empty())
    }

    fn to_category(&self) -> Result<CategoryInput, ErrorCode> {
        let sex = match self.sex.trim() {
            "" => None,
            s => Some(s.parse::<Sex>().map_err(|_| ErrorCode::SexInvalid)?),
        };
        Ok(CategoryInput {
            name: self.name.trim().to_string(),
            rule: Rule {
                sex,
                born_from: optional_year(&self.born_from, ErrorCode::BirthYearInvalid)?,
                born_until: optional_year(&self.born_until, ErrorCode::BirthYearInvalid)?,
                province: optional_text(&self.province),
                club: optional_text(&self.club),
                rating_below: optional_year(&self.rating_below, ErrorCode::RatingInvalid)?,
                unrated: self.unrated.then_some(true),
                tag: optional_text(&self.tag),
            },
            prizes: prizes_of(&self.prizes),
        })
    }
}

impl FundFields {
    fn from_fund(fund: &Fund) -> FundFields {
        FundFields {
            currency: fund.currency.clone(),
            sharing: fund.sharing.clone(),
            one_prize_per_player: fund.one_prize_per_player,
            by_list_order: fund.by_list_order,
            published: fund.published,
            places: lines(&fund.places),
            categories: fund
                .categories
                .iter()
                .map(CategoryFields::from_category)
                .collect(),
        }
    }

    fn empty() -> FundFields {
        FundFields {
            currency: "AOA".into(),
            sharing: "equal".into(),
            one_prize_per_player: true,
            by_list_order: false,
            published: false,
            places: String::new(),
            categories: Vec::new(),
        }
    }

    fn from_fields(fields: &HashMap<String, String>) -> FundFields {
        let get = |name: &str| fields.get(name).cloned().unwrap_or_default();
        FundFields {
            currency: get("currency").trim().to_ascii_uppercase(),
            sharing: get("sharing"),
            one_prize_per_player: !get("one_prize_per_player").is_empty(),
            by_list_order: get("choice") == "list_order",
            published: !get("published").is_empty(),
            places: get("places"),
            categories: (0..MAX_CATEGORY_SLOTS)
                .map(|slot| CategoryFields::from_fields(fields, slot))
                .filter(|c| !c.is_blank())
                .collect(),
        }
    }

    fn to_fund(&self) -> Result<Fund, ErrorCode> {
        Ok(Fund {
            currency: self.currency.clone(),
            sharing: self.sharing.clone(),
            one_prize_per_player: self.one_prize_per_player,
            by_list_order: self.by_list_order,
            places: prizes_of(&self.places),
            categories: self
                .categories
                .iter()
                .map(CategoryFields::to_category)
                .collect::<Result<_, _>>()?,
            published: self.published,
        })
    }

    /// The categories and blank fieldsets to add more.
    fn slots(&self) -> Vec<CategoryFields> {
        let blanks = BLANK_CATEGORIES.min(MAX_CATEGORY_SLOTS.saturating_sub(self.categories.len()));
        let mut slots = self.categories.clone();
        slots.extend(std::iter::repeat_n(CategoryFields::default(), blanks));
        slots
    }
}

#[derive(Template)]
#[template(path = "events/prizes_edit.html")]
struct PrizeFundPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    form: &'a FundFields,
    slots: Vec<CategoryFields>,
    error: Option<String>,
    /// The list the stored fund gives now.
    list: Option<PrizeListView>,
}

async fn render(
    app: web::Data<App>,
    page: &OrganiserPage,
    form: FundFields,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let access = page.access.clone();
    let service = app.into_inner();
    let list = match crate::web::run(move || {
        Ok::<_, crate::service::ServiceError>(prizes::prize_list(&service, &access))
    })
    .await?
    {
        Ok(list) => Some(list),
        Err(ServiceError::NotFound) => None,
        Err(e) => return Err(e.into()),
    };
    let template = PrizeFundPage {
        c: &page.chrome,
        event: &page.access.event,
        slots: form.slots(),
        form: &form,
        error,
        list,
    };
    if status == StatusCode::OK {
        html(&template)
    } else {
        html_with_status(status, &template)
    }
}

/// `GET /events/{slug}/prizes/edit`.
pub(crate) async fn edit_form(
    app: web::Data<App>,
    page: OrganiserPage,
) -> Result<HttpResponse, WebError> {
    let access = page.access.clone();
    let service = app.clone().into_inner();
    let fund = crate::web::run(move || prizes::stored_fund(&service, &access)).await?;
    let form = fund
        .as_ref()
        .map_or_else(FundFields::empty, FundFields::from_fund);
    render(app, &page, form, None, StatusCode::OK).await
}

/// `POST /events/{slug}/prizes`: the whole fund, replacing the stored one.
pub(crate) async fn save(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    form: CsrfForm<HashMap<String, String>>,
) -> Result<HttpResponse, WebError> {
    let form = FundFields::from_fields(&form.parsed()?);
    let refused = |code: ErrorCode| Some(error_key(code));
    let fund = match form.to_fund() {
        Ok(fund) => fund,
        Err(code) => {
            return render(
                app,
                &page,
                form,
                refused(code),
                crate::web::errors::refused_input(),
            )
            .await;
        }
    };
    let access = page.access.clone();
    let service = app.clone().into_inner();
    match crate::web::run(move || {
        Ok::<_, crate::service::ServiceError>(prizes::set_fund(&service, &access, &fund))
    })
    .await?
    {
        Ok(()) => {
            let back = crate::web::paths::prizes_edit(&page.access.event.slug);
            redirect_with_flash(&req, &back, FlashLevel::Success, "flash-saved")
        }
        Err(e @ ServiceError::Invalid(_)) => {
            render(
                app,
                &page,
                form,
                refused(e.code()),
                crate::web::errors::service_status(&e),
            )
            .await
        }
        Err(e) => Err(e.into()),
    }
}
