//! Useful links shown on the visit screen, each for some countries (`/master/link`).

use axum::extract::State;
use rusqlite::{named_params, Connection};
use serde::{Deserialize, Serialize};

use super::table::{self, saved_answer, RetireAnswers, SaveRefusals, Upsert};
use crate::api::MessageBody;
use crate::auth::session::CurrentUser;
use crate::db::updated;
use crate::error::{AppError, AppResult};
use crate::extract::{Json, Path};
use crate::lenient;
use crate::rights;
use crate::state::AppState;
use crate::validate::required;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkCountry {
    pub link_id: i64,
    pub country: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Link {
    pub link_id: i64,
    pub link_name: String,
    pub link: String,
    pub countries: Vec<LinkCountry>,
}

/// Links (all, or the one `only`) with their countries.
fn links(conn: &Connection, only: Option<i64>) -> rusqlite::Result<Vec<Link>> {
    let mut stmt =
        conn.prepare_cached("SELECT link_id, link_name, link FROM links WHERE :only IS NULL OR link_id = :only ORDER BY link_name")?;
    let mut list: Vec<Link> = stmt
        .query_map(named_params! { ":only": only }, |r| {
            Ok(Link { link_id: r.get(0)?, link_name: r.get(1)?, link: r.get(2)?, countries: Vec::new() })
        })?
        .collect::<Result<_, _>>()?;
    let mut stmt = conn.prepare_cached(
        "SELECT lc.link_id, c.name FROM link_countries lc JOIN countries c ON c.country_id = lc.country_id
         WHERE :only IS NULL OR lc.link_id = :only ORDER BY c.name",
    )?;
    let pairs = stmt.query_map(named_params! { ":only": only }, |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
    for pair in pairs {
        let (link_id, country) = pair?;
        if let Some(link) = list.iter_mut().find(|l| l.link_id == link_id) {
            link.countries.push(LinkCountry { link_id, country });
        }
    }
    Ok(list)
}

/// `GET /master/link` (signed in).
#[utoipa::path(get, path = "/master/link", tag = "masters", summary = "Live links",
    responses(
        (status = 200, description = "OK", body = Vec<Link>)
    ))]
pub async fn list(State(state): State<AppState>, _user: CurrentUser) -> AppResult<Json<Vec<Link>>> {
    state.db(|conn| Ok(links(conn, None)?)).await.map(Json)
}

/// `GET /master/link/{id}` (signed in).
#[utoipa::path(get, path = "/master/link/{id}", tag = "masters", summary = "One link",
    responses(
        (status = 200, description = "OK", body = Link),
        (status = 404, description = "No such record", body = crate::api::ErrorBody)
    ))]
pub async fn get(State(state): State<AppState>, _user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<Link>> {
    state.db(move |conn| links(conn, Some(id))?.pop().ok_or_else(|| AppError::not_found("The link was not found."))).await.map(Json)
}

/// A country in the save payload: its name, or an object with `country`.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum CountryRef {
    Name(String),
    Entry { country: String },
}

impl CountryRef {
    fn name(&self) -> &str {
        match self {
            CountryRef::Name(n) | CountryRef::Entry { country: n } => n.trim(),
        }
    }
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveLink {
    pub link_id: lenient::Int,
    pub link_name: Option<String>,
    pub link: Option<String>,
    pub countries: Vec<CountryRef>,
}

saved_answer!(
    /// The answer of a save, with the id of the new or updated link.
    LinkSaved,
    link_id
);

/// `POST /master/link` (link_master): creates when `linkId` is 0, else replaces it.
#[utoipa::path(post, path = "/master/link", tag = "masters", summary = "Create or update a link",
    responses((status = 200, description = "Saved", body = LinkSaved), SaveRefusals))]
pub async fn save(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SaveLink>) -> AppResult<Json<LinkSaved>> {
    user.require(rights::LINK_MASTER)?;
    let name = required(&req.link_name, "Link Name is required")?;
    let link = required(&req.link, "Link is required")?;
    if !(link.starts_with("https://") || link.starts_with("http://")) || link.chars().any(char::is_whitespace) {
        return Err(AppError::bad_request("Link must be a web address starting with http:// or https://"));
    }
    let countries: Vec<String> = req.countries.iter().map(|c| c.name().to_string()).filter(|c| !c.is_empty()).collect();
    if countries.is_empty() {
        return Err(AppError::bad_request("At least one country must be selected."));
    }
    let id = req.link_id.unwrap_or(0);
    let dup = format!("The link {name} already exists.");
    // Links are removed rather than retired, so every row is live.
    let sql = Upsert {
        insert: "INSERT INTO links (link_name, link) VALUES (:name, :link)",
        update: "UPDATE links SET link_name = :name, link = :link WHERE link_id = :id",
    };
    let saved = state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let link_id = table::save(&tx, id, sql, named_params! { ":name": name, ":link": link }, dup)?;
            if id != 0 {
                tx.execute("DELETE FROM link_countries WHERE link_id = :id", named_params! { ":id": id })?;
            }
            for country in &countries {
                let n = tx.execute(
                    "INSERT OR IGNORE INTO link_countries (link_id, country_id)
                     SELECT :link, country_id FROM countries WHERE name = :country",
                    named_params! { ":link": link_id, ":country": country },
                )?;
                if n == 0
                    && !tx.query_row("SELECT EXISTS (SELECT 1 FROM countries WHERE name = :c)", named_params! { ":c": country }, |r| {
                        r.get::<_, bool>(0)
                    })?
                {
                    return Err(AppError::bad_request(format!("There is no country named {country}.")));
                }
            }
            tx.commit()?;
            Ok(link_id)
        })
        .await?;
    Ok(Json(LinkSaved { message: "Link saved successfully.".into(), link_id: saved }))
}

/// `POST /master/link/delete/{id}` (link_master): links carry no history, so they are removed.
#[utoipa::path(post, path = "/master/link/delete/{id}", tag = "masters", summary = "Retire a link", responses(RetireAnswers))]
pub async fn delete(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<MessageBody>> {
    user.require(rights::LINK_MASTER)?;
    state.db(move |conn| updated(conn.execute("DELETE FROM links WHERE link_id = :id", named_params! { ":id": id })?)).await?;
    Ok(Json(MessageBody::text("Link deleted successfully.")))
}
