//! The SQL of the customer visit screens: search, the visit screen's parts, the profile.

pub mod search_index;

use rusqlite::{named_params, Connection};

use super::types::*;
use crate::clock;
use crate::platform::error::{AppError, AppResult};
use crate::platform::rows::FromRow;
use crate::platform::scope::Scope;

/// Rows of the Must Sell and Best Sellers lists sent at most (the screen shows 5, then more).
pub(super) const LIST_LIMIT: i64 = 50;

pub fn suggestion(r: &rusqlite::Row) -> rusqlite::Result<Suggestion> {
    let (id, name): (String, String) = (r.get(0)?, r.get(1)?);
    let mobile: Option<String> = r.get(2)?;
    let city: Option<String> = r.get(3)?;
    let extra: Vec<String> = [mobile, city].into_iter().flatten().filter(|s| !s.is_empty()).collect();
    let display = if extra.is_empty() { format!("{id} - {name}") } else { format!("{id} - {name} ({})", extra.join(", ")) };
    Ok(Suggestion { buyer_id: id, display })
}

/// An agent's or manager's search (or one narrowed to an agent): every word must start the buyer
/// id, the mobile or a word of the name. It reads only the scope's customers (deleted agents'
/// included for their manager, as every customer endpoint), from the covering index `customers_agent`.
pub fn search_in(conn: &Connection, scope: Scope, words: &[String]) -> rusqlite::Result<Vec<Suggestion>> {
    let mut sql = format!("SELECT c.buyer_id, c.name, c.mobile, c.city FROM customers c WHERE {}", scope.condition("c.agent_id"));
    for i in 0..words.len() {
        sql.push_str(&format!(" AND (c.buyer_id LIKE :p{i} OR c.mobile LIKE :p{i} OR c.name LIKE :p{i} OR c.name LIKE :w{i})"));
    }
    sql.push_str(" LIMIT 10");
    let prefixes: Vec<(String, String, String, String)> =
        words.iter().enumerate().map(|(i, w)| (format!(":p{i}"), format!("{w}%"), format!(":w{i}"), format!("% {w}%"))).collect();
    let mut params: Vec<(&str, &dyn rusqlite::ToSql)> = vec![scope.param()];
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
pub fn search_all(conn: &Connection, words: &[String]) -> rusqlite::Result<Vec<Suggestion>> {
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
    let rows = stmt.query_map(named_params! { ":q": query }, suggestion)?;
    rows.collect()
}

pub fn customer_details(conn: &Connection, customer_id: i64) -> rusqlite::Result<(CustomerDetails, Option<i64>)> {
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
                contact: Contact::read(r, 2)?,
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

pub fn last_interactions(conn: &Connection, customer_id: i64) -> rusqlite::Result<Vec<Interaction>> {
    let mut stmt = conn.prepare_cached(
        "SELECT v.visited_at, o.name, a.email, e.name, v.remark, v.location_status, v.distance_m, v.visit_id FROM visits v
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
            photos: crate::photos::api::of_visit(conn, r.get(7)?)?,
        })
    })?;
    rows.collect()
}

/// Links of one country, or of every country for a caller without one (administrators).
pub fn links_for(conn: &Connection, country_id: Option<i64>) -> rusqlite::Result<Vec<LinkDetail>> {
    let mut stmt = conn.prepare_cached(
        "SELECT l.link_name, l.link, c.name FROM links l
         JOIN link_countries lc ON lc.link_id = l.link_id JOIN countries c ON c.country_id = lc.country_id
         WHERE :country IS NULL OR lc.country_id = :country ORDER BY l.link_name, c.name",
    )?;
    let rows = stmt.query_map(named_params! { ":country": country_id }, LinkDetail::from_row)?;
    rows.collect()
}

/// Must Sell: each product the customer ordered, with its latest order, newest first.
pub fn re_order(conn: &Connection, customer_id: i64) -> rusqlite::Result<Vec<ReOrder>> {
    let mut stmt = conn.prepare_cached(
        // Each product's latest line is picked from the index `order_lines_customer` (date,
        // product and line id); only those lines are read from the table.
        "SELECT o.order_date, o.product_name, o.qty_shipped, o.unit_price_paise, o.ds_name, o.fao_name FROM order_lines o
         WHERE o.line_id IN (
             SELECT line_id FROM (
                 SELECT line_id, ROW_NUMBER() OVER (PARTITION BY product_name ORDER BY order_date DESC, line_id DESC) AS n
                 FROM order_lines WHERE customer_id = :id)
             WHERE n = 1)
         ORDER BY o.order_date DESC, o.product_name LIMIT :limit",
    )?;
    let rows = stmt.query_map(named_params! { ":id": customer_id, ":limit": LIST_LIMIT }, |r| {
        Ok(ReOrder {
            last_order_date: r.get(0)?,
            distinct_product_name: r.get(1)?,
            last_order_shipped_qty: r.get(2)?,
            // Paise, shown as the decimal (`crate::platform::money`).
            unit_price: r.get::<_, crate::platform::money::Money>(3)?.to_f64(),
            ds_name: r.get(4)?,
            fao_name: r.get(5)?,
        })
    })?;
    rows.collect()
}

pub fn profile_of(conn: &Connection, id: i64) -> rusqlite::Result<Profile> {
    conn.query_row(
        "SELECT mobile, address1, address2, city, state, postal_code, latitude, longitude, gstin FROM customers
         WHERE customer_id = :id",
        named_params! { ":id": id },
        Profile::from_row,
    )
}

/// Applies the fields `change` gives to customer `id`, keeps the values before and after in the
/// profile history, and drops a proposed position once the customer has one.
pub fn change_profile(tx: &Connection, id: i64, me: i64, change: Profile) -> AppResult<()> {
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
        // `Some("")` removes it.
        gstin: change.gstin.or(before.gstin.clone()).filter(|g| !g.is_empty()),
    };
    // The GSTIN's state code must stay the state's, whichever of the two changes.
    if let Some(g) = &after.gstin {
        if let Err(e) = crate::platform::taxids::check_gstin(g, after.state.as_deref()) {
            return Err(AppError::bad_request(crate::platform::taxids::gstin_problem(g, after.state.as_deref(), &e).on("gstin")));
        }
    }
    let now = crate::now();
    tx.execute(
        "UPDATE customers SET mobile = :mobile, address1 = :a1, address2 = :a2, city = :city, state = :state,
                              postal_code = :postal, latitude = :lat, longitude = :lng, gstin = :gstin, updated_at = :now
         WHERE customer_id = :id",
        named_params! {
            ":mobile": after.mobile, ":a1": after.address1, ":a2": after.address2, ":city": after.city,
            ":state": after.state, ":postal": after.postal_code, ":lat": after.latitude, ":lng": after.longitude,
            ":gstin": after.gstin, ":now": now, ":id": id,
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

/// The visits of `scope` since `from` (unix seconds), newest first: today's or this month's.
pub fn visits_since(conn: &Connection, scope: Scope, from: i64) -> rusqlite::Result<Vec<VisitRow>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT v.visited_at, o.name, c.name, c.buyer_id, a.email,
                TRIM(COALESCE(c.address1, '') || ' ' || COALESCE(c.city, '')), v.remark
         FROM visits v JOIN customers c ON c.customer_id = v.customer_id
         JOIN outcomes o ON o.outcome_id = v.outcome_id JOIN users a ON a.uid = v.agent_id
         WHERE v.visited_at >= :from AND {}
         ORDER BY v.visited_at DESC LIMIT 2000",
        scope.condition("v.agent_id")
    ))?;
    let rows = stmt.query_map(&*scope.with(named_params! { ":from": from }), |r| {
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
    })?;
    rows.collect()
}

/// A new customer's checked fields (`create`).
pub struct NewCustomerRow {
    pub name: String,
    pub mobile: String,
    pub email: Option<String>,
    pub address1: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub country: Option<i64>,
    /// The stored position, if the creator moves positions (see `locations`).
    pub position: Option<(f64, f64)>,
    pub retailer_type: &'static str,
    /// The creator, who owns the customer.
    pub owner: i64,
}

/// Sets customer `id`'s GSTIN (checked by the caller).
pub fn set_gstin(tx: &Connection, id: i64, gstin: &str) -> rusqlite::Result<()> {
    tx.execute("UPDATE customers SET gstin = :g WHERE customer_id = :id", named_params! { ":g": gstin, ":id": id })?;
    Ok(())
}

/// Adds the customer in the open transaction: its row id and its generated buyer id `N<row id>`.
pub fn insert_customer(tx: &Connection, row: &NewCustomerRow) -> rusqlite::Result<(i64, String)> {
    let now = crate::now();
    tx.execute(
        "INSERT INTO customers (buyer_id, name, mobile, email, address1, city, state, postal_code, country_id,
                                latitude, longitude, retailer_type, agent_id, created_by, created_at, updated_at)
         VALUES ('pending-' || hex(randomblob(8)), :name, :mobile, :email, :address1, :city, :state, :postal,
                 :country, :lat, :lng, :type, :me, :me, :now, :now)",
        named_params! {
            ":name": row.name, ":mobile": row.mobile, ":email": row.email, ":address1": row.address1,
            ":city": row.city, ":state": row.state, ":postal": row.postal_code,
            ":country": row.country, ":lat": row.position.map(|p| p.0), ":lng": row.position.map(|p| p.1),
            ":type": row.retailer_type, ":me": row.owner, ":now": now,
        },
    )?;
    let id = tx.last_insert_rowid();
    // New customers get the id N<row id>, which no upload uses.
    let buyer_id = format!("N{id:07}");
    tx.execute("UPDATE customers SET buyer_id = :b WHERE customer_id = :id", named_params! { ":b": buyer_id, ":id": id })?;
    Ok((id, buyer_id))
}

/// The buyer id, name and last update (unix seconds) of customer `id`.
pub fn name_and_update(conn: &Connection, id: i64) -> rusqlite::Result<(String, String, i64)> {
    conn.query_row("SELECT buyer_id, name, updated_at FROM customers WHERE customer_id = :id", named_params! { ":id": id }, |r| {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
    })
}

/// A row of the Customer Master upload (`uploads::kinds::CUSTOMER` names the parameters): inserts
/// the customer or updates the one of its Buyer ID; a row that changes nothing writes nothing.
pub fn upsert_uploaded(conn: &Connection, params: &[(&str, &dyn rusqlite::ToSql)]) -> rusqlite::Result<usize> {
    conn.prepare_cached(
        "INSERT INTO customers (buyer_id, name, mobile, email, address1, address2, postal_code, city, state, country_id,
                                info, latitude, longitude, retailer_type, agent_id, created_by, created_at, updated_at,
                                credit_limit_paise, gstin)
         VALUES (:b, :n, :m, :e, :a1, :a2, :p, :city, :state, :country, :info, :lat, :lng, :t, :agent, :by, :now, :now, :limit,
                 :gstin)
         ON CONFLICT (buyer_id) DO UPDATE SET name = excluded.name, mobile = excluded.mobile, email = excluded.email,
             address1 = excluded.address1, address2 = excluded.address2, postal_code = excluded.postal_code,
             city = excluded.city, state = excluded.state, country_id = excluded.country_id, info = excluded.info,
             latitude = excluded.latitude, longitude = excluded.longitude, retailer_type = excluded.retailer_type,
             agent_id = excluded.agent_id, updated_at = excluded.updated_at,
             credit_limit_paise = COALESCE(excluded.credit_limit_paise, credit_limit_paise),
             gstin = COALESCE(excluded.gstin, gstin)
         WHERE name IS NOT excluded.name OR mobile IS NOT excluded.mobile OR email IS NOT excluded.email
             OR address1 IS NOT excluded.address1 OR address2 IS NOT excluded.address2
             OR postal_code IS NOT excluded.postal_code OR city IS NOT excluded.city OR state IS NOT excluded.state
             OR country_id IS NOT excluded.country_id OR info IS NOT excluded.info OR latitude IS NOT excluded.latitude
             OR longitude IS NOT excluded.longitude OR retailer_type IS NOT excluded.retailer_type
             OR agent_id IS NOT excluded.agent_id
             OR credit_limit_paise IS NOT COALESCE(excluded.credit_limit_paise, credit_limit_paise)
             OR gstin IS NOT COALESCE(excluded.gstin, gstin)",
    )?
    .execute(params)
}

/// Deletes a customer nothing refers to yet (no visit, order, delivery, info or proposed change;
/// the Customer Delete upload), with the positions typed for it, which wait without a visit;
/// false, and nothing deleted, when something refers to it.
pub fn delete_unused(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    let used: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM visits WHERE customer_id = :c) OR EXISTS (SELECT 1 FROM order_lines WHERE customer_id = :c)
             OR EXISTS (SELECT 1 FROM deliveries WHERE customer_id = :c) OR EXISTS (SELECT 1 FROM customer_info WHERE customer_id = :c)
             OR EXISTS (SELECT 1 FROM profile_updates WHERE customer_id = :c)
             OR EXISTS (SELECT 1 FROM orders WHERE customer_id = :c)",
        named_params! { ":c": id },
        |r| r.get(0),
    )?;
    if used {
        return Ok(false);
    }
    conn.prepare_cached("DELETE FROM location_proposals WHERE customer_id = :c")?.execute(named_params! { ":c": id })?;
    conn.prepare_cached("DELETE FROM customers WHERE customer_id = :c")?.execute(named_params! { ":c": id })?;
    Ok(true)
}

/// Sets (or with `None` clears) a customer's credit limit.
pub fn set_credit_limit(
    conn: &Connection,
    customer: crate::platform::ids::CustomerId,
    limit: Option<crate::platform::money::Money>,
    now: i64,
) -> rusqlite::Result<usize> {
    conn.prepare_cached("UPDATE customers SET credit_limit_paise = :limit, updated_at = :now WHERE customer_id = :c")?
        .execute(named_params! { ":limit": limit, ":now": now, ":c": customer })
}

/// The buyer ids of the customers in `scope` named exactly `name`, case aside: at most two, enough
/// to tell one from several.
pub fn buyer_ids_named(conn: &Connection, scope: Scope, name: &str) -> rusqlite::Result<Vec<String>> {
    let sql =
        format!("SELECT c.buyer_id FROM customers c WHERE c.name = :name COLLATE NOCASE AND {} LIMIT 2", scope.condition("c.agent_id"));
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt.query_map(&*scope.with(named_params! { ":name": name }), |r| r.get(0))?;
    rows.collect()
}

/// Every country's id.
pub fn country_ids(conn: &Connection) -> rusqlite::Result<Vec<i64>> {
    conn.prepare("SELECT country_id FROM countries")?.query_map([], |r| r.get(0))?.collect()
}

/// The quantities shipped on lines since `:since` to the customers of `:country` (NULL: all), one
/// row a line: product name, quantity (Best Sellers sums them by product as it reads them).
pub const SHIPPED_SINCE: &str = "SELECT o.product_name, o.qty_shipped FROM customers c CROSS JOIN order_lines o
     WHERE o.customer_id = c.customer_id AND o.order_date >= :since AND (:country IS NULL OR c.country_id = :country)";
