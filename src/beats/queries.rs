//! Beats in the database: the list, one beat, saving and deleting (API and upload), and the dated
//! versions of weekdays and customers (schema.sql "Beat plans") that keep past days as planned.

pub mod visit_days;

pub mod plan;

use rusqlite::{named_params, Connection, OptionalExtension};

use serde_json::json;

use super::messages::*;
use super::types::{BeatCustomer, BeatDetail, BeatPage, BeatRow, CustomerPlace, SaveBeat, Weekdays};
use crate::platform::error::{AppError, AppResult};
use crate::platform::ids::{CustomerId, UserId};
use crate::platform::rights::UserType;
use crate::platform::rows::FromRow;
use crate::platform::scope::Scope;
/// Beats are listed 30 a page, like the other masters.
const PAGE_SIZE: i64 = 30;
/// More shops than an agent can visit in a day is a mistake, not a beat.
pub const MAX_CUSTOMERS: usize = 500;

/// A save request that passed the checks that need no database.
#[derive(Debug)]
pub struct CheckedBeat {
    pub beat_id: Option<i64>,
    pub name: String,
    pub agent_id: UserId,
    pub weekdays: Weekdays,
    pub buyers: Vec<String>,
}

impl CheckedBeat {
    pub fn check(req: SaveBeat) -> AppResult<Self> {
        let name = req.beat_name.unwrap_or_default().trim().to_string();
        if name.is_empty() {
            return Err(AppError::bad_request(NAME_REQUIRED));
        }
        crate::platform::validate::limits::BEAT_NAME.check(&name)?;
        let agent_id = req.agent_id.filter(|a| *a > 0).map(UserId).ok_or_else(|| AppError::bad_request(AGENT_REQUIRED))?;
        let weekdays = Weekdays::parse(req.weekdays.iter().map(String::as_str)).map_err(AppError::bad_request)?;
        let buyers: Vec<String> = req.customers.iter().map(|b| b.trim().to_string()).filter(|b| !b.is_empty()).collect();
        if buyers.is_empty() {
            return Err(AppError::bad_request(CUSTOMER_REQUIRED));
        }
        if buyers.len() > MAX_CUSTOMERS {
            return Err(AppError::bad_request(TOO_MANY_CUSTOMERS));
        }
        let mut seen = std::collections::HashSet::new();
        if let Some(twice) = buyers.iter().find(|b| !seen.insert(b.to_ascii_lowercase())) {
            return Err(AppError::bad_request(CUSTOMER_TWICE.with([("buyerId", json!(twice))])));
        }
        Ok(CheckedBeat { beat_id: req.beat_id.filter(|b| *b > 0), name, agent_id, weekdays, buyers })
    }
}

/// The agent of a live beat in the caller's scope (`BEAT_NOT_FOUND` otherwise, whoever's it is):
/// the same rule as the list.
fn beat_agent(conn: &Connection, scope: Scope, beat_id: i64) -> AppResult<UserId> {
    conn.prepare_cached(&format!(
        "SELECT b.agent_id FROM beats b WHERE b.beat_id = :b AND b.deleted_on IS NULL AND {}",
        scope.condition("b.agent_id")
    ))?
    .query_row(&*scope.with(named_params! { ":b": beat_id }), |r| r.get(0))
    .optional()?
    .ok_or_else(|| AppError::not_found(BEAT_NOT_FOUND))
}

/// The name of `agent`, an agent of the caller's scope (`scope::NO_AGENT` otherwise).
pub fn agent_name(conn: &Connection, scope: Scope, agent: UserId) -> AppResult<String> {
    scope.narrowed(conn, Some(agent))?;
    conn.prepare_cached("SELECT name FROM users WHERE uid = :a AND user_type_id = :agent")?
        .query_row(named_params! { ":a": agent, ":agent": UserType::Agent }, |r| r.get(0))
        .optional()?
        .ok_or_else(|| AppError::not_found(crate::platform::scope::NO_AGENT))
}

/// A page of the live beats of `scope` (narrowed to one agent or not), by agent and beat name.
pub fn page(conn: &Connection, scope: Scope, search: Option<&str>, page: i64) -> AppResult<BeatPage> {
    let condition = format!(
        "b.deleted_on IS NULL AND {} AND (:search IS NULL OR b.beat_name LIKE '%' || :search || '%' OR u.name LIKE '%' || :search || '%')",
        scope.condition("b.agent_id")
    );
    let offset = (page.max(1) - 1) * PAGE_SIZE;
    let count_sql = format!("SELECT COUNT(*) FROM beats b JOIN users u ON u.uid = b.agent_id WHERE {condition}");
    let total_records = conn.prepare_cached(&count_sql)?.query_row(&*scope.with(named_params! { ":search": search }), |r| r.get(0))?;
    let sql = format!(
        "SELECT b.beat_id, b.beat_name, b.agent_id, u.name, u.email,
                (SELECT json_group_array(weekday) FROM (SELECT weekday FROM beat_days w
                   WHERE w.beat_id = b.beat_id AND w.valid_to IS NULL ORDER BY weekday)),
                (SELECT COUNT(*) FROM beat_stops s WHERE s.beat_id = b.beat_id AND s.valid_to IS NULL)
         FROM beats b JOIN users u ON u.uid = b.agent_id WHERE {condition}
         ORDER BY u.name COLLATE NOCASE, b.beat_name COLLATE NOCASE, b.beat_id LIMIT :limit OFFSET :offset"
    );
    let data = conn
        .prepare_cached(&sql)?
        .query_map(&*scope.with(named_params! { ":search": search, ":limit": PAGE_SIZE, ":offset": offset }), |r| {
            Ok(BeatRow {
                beat_id: r.get(0)?,
                beat_name: r.get(1)?,
                agent_id: r.get(2)?,
                agent_name: r.get(3)?,
                agent_email: r.get(4)?,
                weekdays: weekdays_of_json(&r.get::<_, String>(5)?).names(),
                customer_count: r.get(6)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(BeatPage { data, total_records })
}

fn weekdays_of_json(json: &str) -> Weekdays {
    Weekdays::from_numbers(serde_json::from_str::<Vec<i64>>(json).unwrap_or_default())
}

/// One live beat of the caller's agents with its customers in order.
pub fn detail(conn: &Connection, scope: Scope, beat_id: i64) -> AppResult<BeatDetail> {
    beat_agent(conn, scope, beat_id)?;
    let (beat_name, agent_id, agent_name, days): (String, i64, String, String) = conn
        .prepare_cached(
            "SELECT b.beat_name, b.agent_id, u.name,
                (SELECT json_group_array(weekday) FROM beat_days w WHERE w.beat_id = b.beat_id AND w.valid_to IS NULL)
         FROM beats b JOIN users u ON u.uid = b.agent_id WHERE b.beat_id = :b",
        )?
        .query_row(named_params! { ":b": beat_id }, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?;
    let mut customers: Vec<BeatCustomer> = conn
        .prepare_cached(
            "SELECT c.buyer_id, c.name, c.address1, c.city, c.latitude, c.longitude
             FROM beat_stops s JOIN customers c ON c.customer_id = s.customer_id
             WHERE s.beat_id = :b AND s.valid_to IS NULL ORDER BY s.sequence, s.rowid",
        )?
        .query_map(named_params! { ":b": beat_id }, |r| Ok(BeatCustomer { place: CustomerPlace::from_row(r)?, sequence: 0 }))?
        .collect::<Result<_, _>>()?;
    for (place, customer) in customers.iter_mut().enumerate() {
        customer.sequence = place as i64 + 1;
    }
    Ok(BeatDetail { beat_id, beat_name, agent_id, agent_name, weekdays: weekdays_of_json(&days).names(), customers })
}

/// The id of the customer `buyer_id` if it is `agent`'s; the reason (400) otherwise. A customer
/// outside the caller's `scope` is answered as one that does not exist (issue #49).
pub fn agents_customer(conn: &Connection, scope: Scope, agent: UserId, buyer_id: &str) -> AppResult<CustomerId> {
    let found: Option<(CustomerId, Option<UserId>)> = conn
        .prepare_cached(&format!(
            "SELECT c.customer_id, c.agent_id FROM customers c WHERE c.buyer_id = :b AND {}",
            scope.condition("c.agent_id")
        ))?
        .query_row(&*scope.with(named_params! { ":b": buyer_id }), |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    match found {
        None => Err(AppError::bad_request(CUSTOMER_NOT_FOUND.with([("buyerId", json!(buyer_id))]))),
        Some((id, Some(owner))) if owner == agent => Ok(id),
        Some(_) => Err(AppError::bad_request(CUSTOMER_NOT_OF_AGENT.with([("buyerId", json!(buyer_id))]))),
    }
}

/// Creates or updates a beat of one of the caller's agents; its weekdays and customers take
/// effect today. Answers the beat's id.
pub fn save(conn: &Connection, scope: Scope, beat: CheckedBeat, today: &str, now: i64) -> AppResult<i64> {
    scope.narrowed(conn, Some(beat.agent_id))?;
    if let Some(id) = beat.beat_id {
        if beat_agent(conn, scope, id)? != beat.agent_id {
            return Err(AppError::bad_request(AGENT_CANNOT_CHANGE));
        }
    }
    let customers = beat.buyers.iter().map(|b| agents_customer(conn, scope, beat.agent_id, b)).collect::<AppResult<Vec<CustomerId>>>()?;
    let taken: Option<i64> = conn
        .prepare_cached(
            "SELECT beat_id FROM beats WHERE agent_id = :a AND beat_name = :n COLLATE NOCASE AND deleted_on IS NULL
               AND beat_id IS NOT :b",
        )?
        .query_row(named_params! { ":a": beat.agent_id, ":n": beat.name, ":b": beat.beat_id }, |r| r.get(0))
        .optional()?;
    if taken.is_some() {
        return Err(AppError::conflict(NAME_TAKEN.with([("name", json!(beat.name))])));
    }
    let beat_id = match beat.beat_id {
        Some(id) => {
            conn.prepare_cached("UPDATE beats SET beat_name = :n, updated_at = :now WHERE beat_id = :b")?
                .execute(named_params! { ":n": beat.name, ":now": now, ":b": id })?;
            id
        }
        None => create(conn, beat.agent_id, &beat.name, now)?,
    };
    set_weekdays(conn, beat_id, beat.weekdays, today)?;
    end_stops(conn, beat_id, today)?;
    for (place, customer) in customers.into_iter().enumerate() {
        add_stop(conn, beat_id, customer, place as i64 + 1, today)?;
    }
    Ok(beat_id)
}

fn create(conn: &Connection, agent: UserId, name: &str, now: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("INSERT INTO beats (beat_name, agent_id, created_at, updated_at) VALUES (:n, :a, :now, :now)")?
        .execute(named_params! { ":n": name, ":a": agent, ":now": now })?;
    Ok(conn.last_insert_rowid())
}

/// The live beat `name` of `agent`, created if there is none (the upload names beats).
pub fn find_or_create(conn: &Connection, agent: UserId, name: &str, now: i64) -> rusqlite::Result<i64> {
    let found = conn
        .prepare_cached("SELECT beat_id FROM beats WHERE agent_id = :a AND beat_name = :n COLLATE NOCASE AND deleted_on IS NULL")?
        .query_row(named_params! { ":a": agent, ":n": name }, |r| r.get(0))
        .optional()?;
    match found {
        Some(id) => Ok(id),
        None => create(conn, agent, name, now),
    }
}

/// Ends a beat today: it leaves lists and plans from today on; past days keep it.
pub fn delete(conn: &Connection, scope: Scope, beat_id: i64, today: &str, now: i64) -> AppResult<()> {
    beat_agent(conn, scope, beat_id)?;
    conn.prepare_cached("UPDATE beats SET deleted_on = :today, updated_at = :now WHERE beat_id = :b")?
        .execute(named_params! { ":today": today, ":now": now, ":b": beat_id })?;
    Ok(())
}

// Dated versions: a change made today ends the current row today (a row that began today never
// held a whole day and goes) and starts a new row today (or reopens the one ended today).

/// The beat runs on `weekdays` from today.
pub fn set_weekdays(conn: &Connection, beat_id: i64, weekdays: Weekdays, today: &str) -> rusqlite::Result<()> {
    let keep = serde_json::to_string(&weekdays.numbers().collect::<Vec<_>>()).unwrap_or_else(|_| "[]".into());
    let params = named_params! { ":b": beat_id, ":keep": keep, ":today": today };
    conn.prepare_cached(
        "DELETE FROM beat_days WHERE beat_id = :b AND valid_to IS NULL AND valid_from = :today
           AND weekday NOT IN (SELECT value FROM json_each(:keep))",
    )?
    .execute(params)?;
    conn.prepare_cached(
        "UPDATE beat_days SET valid_to = :today WHERE beat_id = :b AND valid_to IS NULL
           AND weekday NOT IN (SELECT value FROM json_each(:keep))",
    )?
    .execute(params)?;
    for day in weekdays.numbers() {
        let params = named_params! { ":b": beat_id, ":d": day, ":today": today };
        let current: bool = conn
            .prepare_cached("SELECT EXISTS (SELECT 1 FROM beat_days WHERE beat_id = :b AND weekday = :d AND valid_to IS NULL)")?
            .query_row(named_params! { ":b": beat_id, ":d": day }, |r| r.get(0))?;
        if current {
            continue;
        }
        let reopened = conn
            .prepare_cached("UPDATE beat_days SET valid_to = NULL WHERE beat_id = :b AND weekday = :d AND valid_to = :today")?
            .execute(params)?;
        if reopened == 0 {
            conn.prepare_cached("INSERT INTO beat_days (beat_id, weekday, valid_from) VALUES (:b, :d, :today)")?.execute(params)?;
        }
    }
    Ok(())
}

/// Takes every customer off the beat from today (before the new list is added).
pub fn end_stops(conn: &Connection, beat_id: i64, today: &str) -> rusqlite::Result<()> {
    let params = named_params! { ":b": beat_id, ":today": today };
    conn.prepare_cached("DELETE FROM beat_stops WHERE beat_id = :b AND valid_to IS NULL AND valid_from = :today")?.execute(params)?;
    conn.prepare_cached("UPDATE beat_stops SET valid_to = :today WHERE beat_id = :b AND valid_to IS NULL")?.execute(params)?;
    Ok(())
}

/// Puts a customer on the beat from today at `sequence`; false when it is on it already.
pub fn add_stop(conn: &Connection, beat_id: i64, customer_id: CustomerId, sequence: i64, today: &str) -> rusqlite::Result<bool> {
    let on: bool = conn
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM beat_stops WHERE beat_id = :b AND customer_id = :c AND valid_to IS NULL)")?
        .query_row(named_params! { ":b": beat_id, ":c": customer_id }, |r| r.get(0))?;
    if on {
        return Ok(false);
    }
    let params = named_params! { ":b": beat_id, ":c": customer_id, ":s": sequence, ":today": today };
    let reopened = conn
        .prepare_cached(
            "UPDATE beat_stops SET valid_to = NULL, sequence = :s WHERE beat_id = :b AND customer_id = :c AND valid_to = :today",
        )?
        .execute(params)?;
    if reopened == 0 {
        conn.prepare_cached("INSERT INTO beat_stops (beat_id, customer_id, sequence, valid_from) VALUES (:b, :c, :s, :today)")?
            .execute(params)?;
    }
    Ok(true)
}
