//! Handlers and SQL of the customer visit screens (spec 1 §7 "Customer work").

use axum::extract::State;
use rusqlite::{named_params, Connection, TransactionBehavior};
use serde::{Deserialize, Serialize};

use super::access::visible_customer;
use super::best_sellers::BestSeller;
use crate::api::MessageBody;
use crate::auth::session::CurrentUser;
use crate::clock;
use crate::error::{AppError, AppResult};
use crate::extract::{lenient, Json, Path, Query};
use crate::scope::Scope;
use crate::scope::ScopeParams;
use crate::state::AppState;
use crate::validate::{max_len, required};

const VISIT_RIGHT: &str = "customer_visit";
const NEW_RIGHT: &str = "new_customer";
const PROFILE_RIGHT: &str = "profile_update";
/// Rows of the Must Sell and Best Sellers lists sent at most (the screen shows 5, then more).
pub(super) const LIST_LIMIT: i64 = 50;

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default, rename_all = "camelCase")]
pub struct SearchQuery {
    pub query: String,
    /// Only this agent's customers (one of the caller's agents; the beat editor picks a beat's
    /// customers so). 0 or absent: all of the caller's.
    #[serde(deserialize_with = "crate::extract::lenient::opt_i64")]
    #[param(schema_with = crate::api::lenient_int)]
    pub agent_id: Option<i64>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Suggestion {
    pub buyer_id: String,
    pub display: String,
}

/// The words of a search: letters and digits only (so they are never FTS or LIKE syntax), at most 4.
fn search_words(typed: &str) -> Vec<String> {
    typed.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).take(4).map(str::to_lowercase).collect()
}

fn suggestion(r: &rusqlite::Row) -> rusqlite::Result<Suggestion> {
    let (id, name): (String, String) = (r.get(0)?, r.get(1)?);
    let mobile: Option<String> = r.get(2)?;
    let city: Option<String> = r.get(3)?;
    let extra: Vec<String> = [mobile, city].into_iter().flatten().filter(|s| !s.is_empty()).collect();
    let display = if extra.is_empty() { format!("{id} - {name}") } else { format!("{id} - {name} ({})", extra.join(", ")) };
    Ok(Suggestion { buyer_id: id, display })
}

/// An agent's or manager's search: every word must start the buyer id, the mobile or a word of the
/// name. It reads only the callers' customers, from the covering index `customers_agent`.
fn search_own(conn: &Connection, agents: &[i64], words: &[String]) -> rusqlite::Result<Vec<Suggestion>> {
    let mut sql = String::from(
        "SELECT c.buyer_id, c.name, c.mobile, c.city FROM customers c
         WHERE c.agent_id IN (SELECT value FROM json_each(:agents))",
    );
    for i in 0..words.len() {
        sql.push_str(&format!(" AND (c.buyer_id LIKE :p{i} OR c.mobile LIKE :p{i} OR c.name LIKE :p{i} OR c.name LIKE :w{i})"));
    }
    sql.push_str(" LIMIT 10");
    let agents = serde_json::to_string(agents).unwrap_or_else(|_| "[]".into());
    let prefixes: Vec<(String, String, String, String)> =
        words.iter().enumerate().map(|(i, w)| (format!(":p{i}"), format!("{w}%"), format!(":w{i}"), format!("% {w}%"))).collect();
    let mut params: Vec<(&str, &dyn rusqlite::ToSql)> = vec![(":agents", &agents)];
    for (p, pv, w, wv) in &prefixes {
        params.push((p.as_str(), pv));
        params.push((w.as_str(), wv));
    }
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt.query_map(&params[..], suggestion)?;
    rows.collect()
}

/// An administrator's search over every customer, through the FTS5 index: words of two or more
/// characters match as prefixes, single characters as whole words.
fn search_all(conn: &Connection, words: &[String]) -> rusqlite::Result<Vec<Suggestion>> {
    let query = words
        .iter()
        .map(|w| if w.chars().count() > 1 { format!("\"{w}\"*") } else { format!("\"{w}\"") })
        .collect::<Vec<_>>()
        .join(" AND ");
    let mut stmt = conn.prepare_cached(
        "SELECT c.buyer_id, c.name, c.mobile, c.city FROM customers_fts f
         JOIN customers c ON c.customer_id = f.rowid
         WHERE customers_fts MATCH :q LIMIT 10",
    )?;
    let rows = stmt.query_map(named_params! { ":q": format!("{{buyer_id name mobile}} : ({query})") }, suggestion)?;
    rows.collect()
}

/// `GET /users/customer/search?query=&agentId=` (customer_visit): up to 10 suggestions among the
/// caller's customers (or one agent's of them) matching id, name or mobile by prefix of any word.
#[utoipa::path(get, path = "/users/customer/search", tag = "customers", summary = "Up to 10 of the caller's customers matching id, name or mobile", params(SearchQuery),
    responses(
        (status = 200, description = "OK", body = Vec<Suggestion>),
        (status = 404, description = "No such agent among the caller's (agentId)", body = crate::api::ErrorBody)
    ))]
pub async fn search(State(state): State<AppState>, user: CurrentUser, Query(q): Query<SearchQuery>) -> AppResult<Json<Vec<Suggestion>>> {
    user.require(VISIT_RIGHT)?;
    let words = search_words(&q.query);
    if words.is_empty() {
        return Ok(Json(Vec::new()));
    }
    let (scope, agent) = (user.scope(), q.agent_id.unwrap_or(0));
    state
        .db(move |conn| {
            if agent > 0 {
                crate::scope::agents_for(conn, scope, agent)?;
                return Ok(search_own(conn, &[agent], &words)?);
            }
            Ok(match crate::scope::agents_for(conn, scope, 0)? {
                crate::scope::Agents::Only(agents) => search_own(conn, &agents, &words)?,
                crate::scope::Agents::All => search_all(conn, &words)?,
            })
        })
        .await
        .map(Json)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerDetails {
    #[serde(rename = "buyerID")]
    pub buyer_id: String,
    pub buyer_name: String,
    pub mobile: Option<String>,
    pub email: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub postal_code: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub country: Option<String>,
    pub info: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub retailer_type: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Interaction {
    pub date: String,
    pub time: String,
    pub outcome: String,
    pub agent_id: String,
    pub entry_update_by: String,
    pub remark: Option<String>,
    /// Null for visits saved before check-in verification existed.
    pub location_status: Option<super::visits::LocationStatus>,
    pub distance_m: Option<i64>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkDetail {
    pub link_name: String,
    pub link: String,
    pub country: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReOrder {
    pub last_order_date: String,
    pub distinct_product_name: String,
    pub last_order_shipped_qty: f64,
    pub unit_price: f64,
    pub ds_name: Option<String>,
    pub fao_name: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct VisitScreen {
    #[serde(rename = "customerDetails")]
    pub customer_details: CustomerDetails,
    /// Spelt so by the spec.
    pub transcations: Vec<Interaction>,
    #[serde(rename = "linkDetails")]
    pub link_details: Vec<LinkDetail>,
    #[serde(rename = "reOrderMustSell")]
    pub re_order_must_sell: Vec<ReOrder>,
    #[serde(rename = "bestSeller")]
    pub best_seller: Vec<BestSeller>,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct DetailsQuery {
    /// `false` leaves out the Must Sell and Best Sellers lists.
    pub show_summary: Option<bool>,
}

fn customer_details(conn: &Connection, customer_id: i64) -> rusqlite::Result<(CustomerDetails, Option<i64>)> {
    conn.prepare_cached(
        "SELECT c.buyer_id, c.name, c.mobile, c.email, c.address1, c.address2, c.postal_code, c.city, c.state,
                k.name, c.info, c.latitude, c.longitude, c.retailer_type, c.country_id
         FROM customers c LEFT JOIN countries k ON k.country_id = c.country_id WHERE c.customer_id = :id",
    )?
    .query_row(named_params! { ":id": customer_id }, |r| {
        Ok((
            CustomerDetails {
                buyer_id: r.get(0)?,
                buyer_name: r.get(1)?,
                mobile: r.get(2)?,
                email: r.get(3)?,
                address1: r.get(4)?,
                address2: r.get(5)?,
                postal_code: r.get(6)?,
                city: r.get(7)?,
                state: r.get(8)?,
                country: r.get(9)?,
                info: r.get(10)?,
                latitude: r.get(11)?,
                longitude: r.get(12)?,
                retailer_type: r.get(13)?,
            },
            r.get(14)?,
        ))
    })
}

fn last_interactions(conn: &Connection, customer_id: i64) -> rusqlite::Result<Vec<Interaction>> {
    let mut stmt = conn.prepare_cached(
        "SELECT v.visited_at, o.name, a.email, e.name, v.remark, v.location_status, v.distance_m FROM visits v
         JOIN outcomes o ON o.outcome_id = v.outcome_id
         JOIN users a ON a.uid = v.agent_id JOIN users e ON e.uid = v.entered_by
         WHERE v.customer_id = :id ORDER BY v.visited_at DESC, v.visit_id DESC LIMIT 5",
    )?;
    let rows = stmt.query_map(named_params! { ":id": customer_id }, |r| {
        let (date, time) = clock::date_and_time(r.get(0)?);
        Ok(Interaction {
            date,
            time,
            outcome: r.get(1)?,
            agent_id: r.get(2)?,
            entry_update_by: r.get(3)?,
            remark: r.get(4)?,
            location_status: r.get(5)?,
            distance_m: r.get(6)?,
        })
    })?;
    rows.collect()
}

/// Links of one country, or of every country for a caller without one (administrators).
fn links_for(conn: &Connection, country_id: Option<i64>) -> rusqlite::Result<Vec<LinkDetail>> {
    let mut stmt = conn.prepare_cached(
        "SELECT l.link_name, l.link, c.name FROM links l
         JOIN link_countries lc ON lc.link_id = l.link_id JOIN countries c ON c.country_id = lc.country_id
         WHERE :country IS NULL OR lc.country_id = :country ORDER BY l.link_name, c.name",
    )?;
    let rows = stmt.query_map(named_params! { ":country": country_id }, |r| {
        Ok(LinkDetail { link_name: r.get(0)?, link: r.get(1)?, country: r.get(2)? })
    })?;
    rows.collect()
}

/// Must Sell: each product the customer ordered, with its latest order, newest first.
fn re_order(conn: &Connection, customer_id: i64) -> rusqlite::Result<Vec<ReOrder>> {
    let mut stmt = conn.prepare_cached(
        "SELECT order_date, product_name, qty_shipped, unit_price, ds_name, fao_name FROM (
             SELECT *, ROW_NUMBER() OVER (PARTITION BY product_name ORDER BY order_date DESC, line_id DESC) AS n
             FROM order_lines WHERE customer_id = :id)
         WHERE n = 1 ORDER BY order_date DESC, product_name LIMIT :limit",
    )?;
    let rows = stmt.query_map(named_params! { ":id": customer_id, ":limit": LIST_LIMIT }, |r| {
        Ok(ReOrder {
            last_order_date: r.get(0)?,
            distinct_product_name: r.get(1)?,
            last_order_shipped_qty: r.get(2)?,
            unit_price: r.get(3)?,
            ds_name: r.get(4)?,
            fao_name: r.get(5)?,
        })
    })?;
    rows.collect()
}

/// `GET /users/customer/details/{buyerId}?showSummary=` (customer_visit): everything the visit
/// screen shows about one customer of the caller's.
#[utoipa::path(get, path = "/users/customer/details/{id}", tag = "customers", summary = "The visit screen of a customer (by buyer id)", params(DetailsQuery, ("id" = String, Path, description = "The buyer id")),
    responses(
        (status = 200, description = "OK", body = VisitScreen),
        (status = 404, description = "No such customer among the caller's", body = crate::api::ErrorBody)
    ))]
pub async fn details(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(buyer_id): Path<String>,
    Query(q): Query<DetailsQuery>,
) -> AppResult<Json<VisitScreen>> {
    user.require(VISIT_RIGHT)?;
    let (scope, my_country) = (user.scope(), user.country_id);
    let summary = q.show_summary.unwrap_or(true);
    let cache = state.best_sellers.clone();
    state
        .db(move |conn| {
            let (id, _) = visible_customer(conn, scope, &buyer_id)?;
            let (customer_details, customer_country) = customer_details(conn, id)?;
            let links_country = if scope == Scope::All { customer_country } else { my_country };
            Ok(VisitScreen {
                customer_details,
                transcations: last_interactions(conn, id)?,
                link_details: links_for(conn, links_country)?,
                re_order_must_sell: if summary { re_order(conn, id)? } else { Vec::new() },
                best_seller: if summary { cache.get_or_compute(conn, customer_country)? } else { Vec::new() },
            })
        })
        .await
        .map(Json)
}

/// Coordinates are kept only when both are present and on the globe.
pub(crate) fn coordinates(lat: Option<f64>, lng: Option<f64>) -> AppResult<(Option<f64>, Option<f64>)> {
    match (lat, lng) {
        (Some(a), Some(b)) if (-90.0..=90.0).contains(&a) && (-180.0..=180.0).contains(&b) => Ok((Some(a), Some(b))),
        (None, None) | (Some(_), None) | (None, Some(_)) => Ok((None, None)),
        _ => Err(AppError::bad_request("The location is not valid.")),
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitRow {
    pub date: String,
    pub time: String,
    pub outcome: String,
    pub customer_name: String,
    #[serde(rename = "buyerID")]
    pub buyer_id: String,
    pub agent_id: String,
    pub address: String,
    pub remark: Option<String>,
}

/// `GET /users/customer/FTMFTD/{ftd|ftm}` (customer_visit): the visits of the caller's scope today
/// (ftd) or this month (ftm), newest first.
#[utoipa::path(get, path = "/users/customer/FTMFTD/{id}", tag = "customers", summary = "Visits of the caller's scope today (ftd) or this month (ftm)", params(("id" = String, Path, description = "`ftd` (today) or `ftm` (this month)")),
    responses(
        (status = 200, description = "OK", body = Vec<VisitRow>),
        (status = 404, description = "Neither ftd nor ftm", body = crate::api::ErrorBody)
    ))]
pub async fn ftm_ftd(State(state): State<AppState>, user: CurrentUser, Path(which): Path<String>) -> AppResult<Json<Vec<VisitRow>>> {
    user.require(VISIT_RIGHT)?;
    let today = clock::today();
    let from = match which.to_ascii_lowercase().as_str() {
        "ftd" => clock::start_of(today),
        "ftm" => clock::start_of(clock::month_start(today)),
        _ => return Err(AppError::not_found("Use ftd (today) or ftm (this month).")),
    };
    let p = ScopeParams::from(user.scope());
    state
        .db(move |conn| {
            let mut stmt = conn.prepare_cached(&format!(
                "SELECT v.visited_at, o.name, c.name, c.buyer_id, a.email,
                        TRIM(COALESCE(c.address1, '') || ' ' || COALESCE(c.city, '')), v.remark
                 FROM visits v JOIN customers c ON c.customer_id = v.customer_id
                 JOIN outcomes o ON o.outcome_id = v.outcome_id JOIN users a ON a.uid = v.agent_id
                 WHERE v.visited_at >= :from AND {}
                 ORDER BY v.visited_at DESC LIMIT 2000",
                crate::agent_in_scope!("v.agent_id")
            ))?;
            let rows = stmt.query_map(
                named_params! { ":from": from, ":scope_all": p.all, ":scope_own": p.own, ":scope_manager": p.manager },
                |r| {
                    let (date, time) = clock::date_and_time(r.get(0)?);
                    Ok(VisitRow {
                        date,
                        time,
                        outcome: r.get(1)?,
                        customer_name: r.get(2)?,
                        buyer_id: r.get(3)?,
                        agent_id: r.get(4)?,
                        address: r.get(5)?,
                        remark: r.get(6)?,
                    })
                },
            )?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
        .map(Json)
}

/// Mobile numbers: 10 to 11 digits (spec 1 §5).
fn check_mobile(mobile: &str) -> AppResult<String> {
    let digits = mobile.trim();
    if !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(AppError::bad_request("Mobile No. should contain only numbers"));
    }
    let value: u64 = digits.parse().unwrap_or(0);
    if value < 1_000_000_000 {
        return Err(AppError::bad_request("Mobile No. should contain atleast 10 numbers"));
    }
    if value > 99_999_999_999 {
        return Err(AppError::bad_request("Mobile No. should contain atmost 11 numbers"));
    }
    Ok(digits.to_string())
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct NewCustomer {
    #[serde(deserialize_with = "lenient::opt_text")]
    #[schema(schema_with = crate::api::lenient_text)]
    pub mobile_no: Option<String>,
    pub buyer_name: Option<String>,
    pub email: Option<String>,
    pub address1: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub retailer_type: Option<String>,
    #[serde(deserialize_with = "lenient::opt_f64")]
    #[schema(schema_with = crate::api::lenient_number)]
    pub latitude: Option<f64>,
    #[serde(deserialize_with = "lenient::opt_f64")]
    #[schema(schema_with = crate::api::lenient_number)]
    pub longitude: Option<f64>,
}

fn opt_text(v: Option<String>) -> Option<String> {
    v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty())
}

/// The answer of an add, with the generated buyer id.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerAdded {
    pub message: String,
    pub buyer_id: String,
}

/// `POST /users/customer` (new_customer): adds a customer owned by the caller, in the caller's
/// country, with a generated buyer id.
#[utoipa::path(post, path = "/users/customer", tag = "customers", summary = "Add a customer owned by the caller",
    responses(
        (status = 200, description = "Added", body = CustomerAdded),
        (status = 409, description = "A customer with this mobile or id already exists", body = crate::api::ErrorBody)
    ))]
pub async fn create(State(state): State<AppState>, user: CurrentUser, Json(req): Json<NewCustomer>) -> AppResult<Json<CustomerAdded>> {
    user.require(NEW_RIGHT)?;
    let mobile = check_mobile(&required(&req.mobile_no, "Mobile No. is Required")?)?;
    let name = required(&req.buyer_name, "Buyer Name is Required")?;
    max_len(&name, 200, "The buyer name is limited to 200 characters.")?;
    let retailer_type = match req.retailer_type.as_deref().map(str::trim) {
        None | Some("") | Some("Retailer") => "Retailer",
        Some("Wholesaler") => "Wholesaler",
        Some(_) => return Err(AppError::bad_request("Retailer type must be Retailer or Wholesaler.")),
    };
    let (lat, lng) = coordinates(req.latitude, req.longitude)?;
    let (me, country) = (user.uid, user.country_id);
    let buyer_id = state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let now = crate::now();
            tx.execute(
                "INSERT INTO customers (buyer_id, name, mobile, email, address1, city, state, postal_code, country_id,
                                        latitude, longitude, retailer_type, agent_id, created_by, created_at, updated_at)
                 VALUES ('pending-' || hex(randomblob(8)), :name, :mobile, :email, :address1, :city, :state, :postal,
                         :country, :lat, :lng, :type, :me, :me, :now, :now)",
                named_params! {
                    ":name": name, ":mobile": mobile, ":email": opt_text(req.email), ":address1": opt_text(req.address1),
                    ":city": opt_text(req.city), ":state": opt_text(req.state), ":postal": opt_text(req.postal_code),
                    ":country": country, ":lat": lat, ":lng": lng, ":type": retailer_type, ":me": me, ":now": now,
                },
            )?;
            let id = tx.last_insert_rowid();
            // New customers get the id N<row id>, which no upload uses.
            let buyer_id = format!("N{id:07}");
            tx.execute("UPDATE customers SET buyer_id = :b WHERE customer_id = :id", named_params! { ":b": buyer_id, ":id": id })?;
            tx.commit()?;
            Ok(buyer_id)
        })
        .await?;
    Ok(Json(CustomerAdded { message: format!("Customer {buyer_id} added successfully."), buyer_id }))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct ProfileQuery {
    #[serde(alias = "buyerID")]
    pub buyer_id: String,
}

/// The mobile, address and position of a customer: what the profile screen changes.
#[derive(Debug, Serialize, Deserialize, PartialEq, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub mobile: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
}

fn profile_of(conn: &Connection, id: i64) -> rusqlite::Result<Profile> {
    conn.query_row(
        "SELECT mobile, address1, address2, city, state, postal_code, latitude, longitude FROM customers WHERE customer_id = :id",
        named_params! { ":id": id },
        |r| {
            Ok(Profile {
                mobile: r.get(0)?,
                address1: r.get(1)?,
                address2: r.get(2)?,
                city: r.get(3)?,
                state: r.get(4)?,
                postal_code: r.get(5)?,
                latitude: r.get(6)?,
                longitude: r.get(7)?,
            })
        },
    )
}

/// A customer's profile with its identity and the address on one line.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileAnswer {
    #[serde(rename = "buyerID")]
    pub buyer_id: String,
    pub buyer_name: String,
    #[serde(flatten)]
    pub profile: Profile,
    pub address: String,
    /// YYYY-MM-DD.
    pub last_update_date: String,
    /// A position proposed by an accurate visit while the customer has none, waiting for a
    /// manager or administrator (`POST /users/customer/location/{buyerId}/accept|reject`).
    pub proposed_location: Option<super::locations::ProposedLocation>,
}

/// `GET /users/customer/profile?buyerId=` (profile_update).
#[utoipa::path(get, path = "/users/customer/profile", tag = "customers", summary = "A customer's profile", params(ProfileQuery),
    responses(
        (status = 200, description = "OK", body = ProfileAnswer),
        (status = 404, description = "No such customer among the caller's", body = crate::api::ErrorBody)
    ))]
pub async fn profile(State(state): State<AppState>, user: CurrentUser, Query(q): Query<ProfileQuery>) -> AppResult<Json<ProfileAnswer>> {
    user.require(PROFILE_RIGHT)?;
    let scope = user.scope();
    state
        .db(move |conn| {
            let (id, _) = visible_customer(conn, scope, q.buyer_id.trim())?;
            let p = profile_of(conn, id)?;
            let (buyer_id, name, updated): (String, String, i64) = conn.query_row(
                "SELECT buyer_id, name, updated_at FROM customers WHERE customer_id = :id",
                named_params! { ":id": id },
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )?;
            let address = [&p.address1, &p.address2, &p.city, &p.state, &p.postal_code]
                .into_iter()
                .flatten()
                .filter(|s| !s.is_empty())
                .cloned()
                .collect::<Vec<_>>()
                .join(", ");
            Ok(ProfileAnswer {
                buyer_id,
                buyer_name: name,
                profile: p,
                address,
                last_update_date: clock::date_and_time(updated).0,
                proposed_location: super::locations::proposal_of(conn, id)?,
            })
        })
        .await
        .map(Json)
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UpdateProfile {
    #[serde(alias = "buyerID")]
    pub buyer_id: Option<String>,
    #[serde(deserialize_with = "lenient::opt_text")]
    #[schema(schema_with = crate::api::lenient_text)]
    pub mobile: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    #[serde(deserialize_with = "lenient::opt_text")]
    #[schema(schema_with = crate::api::lenient_text)]
    pub postal_code: Option<String>,
    #[serde(deserialize_with = "lenient::opt_f64")]
    #[schema(schema_with = crate::api::lenient_number)]
    pub latitude: Option<f64>,
    #[serde(deserialize_with = "lenient::opt_f64")]
    #[schema(schema_with = crate::api::lenient_number)]
    pub longitude: Option<f64>,
}

/// Applies the fields `change` gives to customer `id`, keeps the values before and after in the
/// profile history, and drops a proposed position once the customer has one.
pub(crate) fn change_profile(tx: &Connection, id: i64, me: i64, change: Profile) -> AppResult<()> {
    let before = profile_of(tx, id)?;
    let after = Profile {
        mobile: change.mobile.or(before.mobile.clone()),
        address1: change.address1.or(before.address1.clone()),
        address2: change.address2.or(before.address2.clone()),
        city: change.city.or(before.city.clone()),
        state: change.state.or(before.state.clone()),
        postal_code: change.postal_code.or(before.postal_code.clone()),
        latitude: change.latitude.or(before.latitude),
        longitude: change.longitude.or(before.longitude),
    };
    let now = crate::now();
    tx.execute(
        "UPDATE customers SET mobile = :mobile, address1 = :a1, address2 = :a2, city = :city, state = :state,
                              postal_code = :postal, latitude = :lat, longitude = :lng, updated_at = :now
         WHERE customer_id = :id",
        named_params! {
            ":mobile": after.mobile, ":a1": after.address1, ":a2": after.address2, ":city": after.city,
            ":state": after.state, ":postal": after.postal_code, ":lat": after.latitude, ":lng": after.longitude,
            ":now": now, ":id": id,
        },
    )?;
    let to_json = |p: &Profile| serde_json::to_string(p).map_err(|e| AppError::Internal(e.into()));
    tx.execute(
        "INSERT INTO profile_updates (customer_id, changed_by, changed_at, before_json, after_json)
         VALUES (:id, :me, :now, :before, :after)",
        named_params! { ":id": id, ":me": me, ":now": now, ":before": to_json(&before)?, ":after": to_json(&after)? },
    )?;
    if after.latitude.is_some() {
        tx.execute("DELETE FROM location_proposals WHERE customer_id = :id", named_params! { ":id": id })?;
    }
    Ok(())
}

/// `POST /users/customer/profile` (profile_update): changes the fields given (at least one) and
/// keeps the values before and after in the profile history.
#[utoipa::path(post, path = "/users/customer/profile", tag = "customers", summary = "Change a customer's profile fields",
    responses(
        (status = 200, description = "Updated", body = MessageBody),
        (status = 404, description = "No such customer among the caller's", body = crate::api::ErrorBody)
    ))]
pub async fn update_profile(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(req): Json<UpdateProfile>,
) -> AppResult<Json<MessageBody>> {
    user.require(PROFILE_RIGHT)?;
    let buyer_id = required(&req.buyer_id, "Buyer ID is required")?;
    let mobile = match opt_text(req.mobile) {
        Some(m) => Some(check_mobile(&m)?),
        None => None,
    };
    let (lat, lng) = coordinates(req.latitude, req.longitude)?;
    let change = Profile {
        mobile,
        address1: opt_text(req.address1),
        address2: opt_text(req.address2),
        city: opt_text(req.city),
        state: opt_text(req.state),
        postal_code: opt_text(req.postal_code),
        latitude: lat,
        longitude: lng,
    };
    if change
        == (Profile {
            mobile: None,
            address1: None,
            address2: None,
            city: None,
            state: None,
            postal_code: None,
            latitude: None,
            longitude: None,
        })
    {
        return Err(AppError::bad_request("Atleast one field to have an input"));
    }
    let (scope, me) = (user.scope(), user.uid);
    state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let (id, _) = visible_customer(&tx, scope, &buyer_id)?;
            change_profile(&tx, id, me, change)?;
            tx.commit()?;
            Ok(())
        })
        .await?;
    Ok(Json(MessageBody { message: "Profile updated successfully.".into() }))
}
