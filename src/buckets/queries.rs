//! The SQL behind the dashboards. Every figure is computed over the customers of a scope
//! (`Scope`: the one rule, or one agent of it). Landing counts and bucket pages read the per-customer summary (`stats`), so their
//! cost does not grow with the visit and order history; the visit summary, the trend and the
//! 'ordered' bucket read the windows of visits and order lines they show.
//!
//! Windows (local dates, `today` included): "last 15 days" is today and the 14 days before;
//! "not ordered in 10 days" means no order dated within today and the 9 days before; "this month"
//! starts on the 1st; "last month" is the whole previous calendar month; "last 3 months" are the
//! three whole months before this one.

pub mod stats;

use std::collections::HashMap;

use chrono::{Datelike, Days, Months, NaiveDate};
use rusqlite::{named_params, Connection};
use serde::Serialize;

use crate::clock;
use crate::customers::api::Contact;
use crate::platform::error::{AppError, AppResult};
use crate::platform::scope::Scope;
use axum::body::Bytes;
use stats::{Bounds, Counts, LandingCache, ORDERED_LAST_MONTH};

/// The dates every window is measured from.
#[derive(Debug, Clone, Copy)]
pub struct Windows {
    pub today: NaiveDate,
}

impl Windows {
    pub fn now() -> Self {
        Windows { today: clock::today() }
    }
    fn day(&self, back: u64) -> NaiveDate {
        self.today - Days::new(back)
    }
    pub fn date(d: NaiveDate) -> String {
        d.format("%Y-%m-%d").to_string()
    }
    /// First day of the 15-day window, as a date and as a timestamp.
    fn from15(&self) -> (String, i64) {
        let d = self.day(14);
        (Self::date(d), clock::start_of(d))
    }
    fn from10(&self) -> String {
        Self::date(self.day(9))
    }
    fn month_start(&self) -> NaiveDate {
        clock::month_start(self.today)
    }
    fn months_back(&self, n: u32) -> NaiveDate {
        self.month_start() - Months::new(n)
    }
    /// The bounds the landing counts and bucket conditions use.
    pub fn bounds(&self) -> Bounds {
        let (from15, from15_ts) = self.from15();
        let last_month = self.months_back(1);
        Bounds {
            day: self.today,
            from15,
            from15_ts,
            month: Self::date(self.month_start()),
            last_month: Self::date(last_month),
            last_month_key: last_month.format("%Y-%m").to_string(),
        }
    }
}

#[derive(Debug, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Landing {
    pub my_retailers: i64,
    pub my_wholesalers: i64,
    #[serde(rename = "orderedInL15Days")]
    pub ordered_in_l15_days: i64,
    #[serde(rename = "notOrderedInL15Days")]
    pub not_ordered_in_l15_days: i64,
    #[serde(rename = "visitedInL15Days")]
    pub visited_in_l15_days: i64,
    #[serde(rename = "notVisitedInL15Days")]
    pub not_visited_in_l15_days: i64,
    pub my_customer: i64,
    pub repeat_customer_count: i64,
    pub last_month_order_customer_count: i64,
    /// repeatCustomerCount / lastMonthOrderCustomerCount x 100, two decimals (0 when none).
    pub repeat_rate_percentage: f64,
    /// Visits of the last 15 days saved together with a booked order (not cancelled).
    #[serde(rename = "productiveVisitsInL15Days")]
    pub productive_visits_in_l15_days: i64,
    /// Today's beat plan (see `beats::plan`): customers planned, visited as planned, planned and
    /// ordered, and visited without a plan.
    pub planned_today: i64,
    pub visited_as_planned_today: i64,
    pub productive_today: i64,
    pub unplanned_today: i64,
}

pub fn landing(conn: &Connection, cache: &LandingCache, scope: Scope, w: Windows) -> rusqlite::Result<Landing> {
    let tx = conn.unchecked_transaction()?;
    let c = cache.counts(&tx, &stats::owners(&tx, scope)?, &w.bounds())?;
    Ok(Landing {
        my_retailers: c.retailers,
        my_wholesalers: c.wholesalers,
        ordered_in_l15_days: c.ordered,
        not_ordered_in_l15_days: c.customers - c.ordered,
        visited_in_l15_days: c.visited,
        not_visited_in_l15_days: c.customers - c.visited,
        my_customer: c.customers,
        repeat_customer_count: c.repeat,
        last_month_order_customer_count: c.last_month,
        repeat_rate_percentage: percent(c.repeat as f64, c.last_month as f64),
        productive_visits_in_l15_days: c.productive,
        planned_today: c.day.planned,
        visited_as_planned_today: c.day.visited_as_planned,
        productive_today: c.day.productive,
        unplanned_today: c.day.unplanned,
    })
}

/// `part / whole x 100`, rounded to two decimals; 0 when `whole` is 0.
pub fn percent(part: f64, whole: f64) -> f64 {
    if whole <= 0.0 {
        return 0.0;
    }
    (part * 10_000.0 / whole).round() / 100.0
}

/// The bucket names of the spec.
pub const BUCKETS: &[&str] =
    &["retailers", "wholesalers", "ordered", "notordered", "visited", "notvisited", "mycustomer", "repeatrateprev", "repeatratecurrent"];

/// How a bucket's size is read from the landing counts.
type BucketSize = fn(&Counts) -> i64;

/// A bucket's name as `BUCKETS` spells it (the key of its cached walks), which customers it holds
/// (a condition on the summary row `s`, see `stats`) and its size among the landing counts; `None`
/// for an unknown name (or 'ordered', which has its own rows).
fn bucket_definition(bucket: &str) -> Option<(&'static str, String, BucketSize)> {
    let name = BUCKETS.iter().copied().find(|name| *name == bucket)?;
    let (condition, size): (&str, BucketSize) = match name {
        "retailers" => ("s.retailer_type = 'Retailer'", |c| c.retailers),
        "wholesalers" => ("s.retailer_type = 'Wholesaler'", |c| c.wholesalers),
        "notordered" => ("s.last_order_date < :from15", |c| c.customers - c.ordered),
        "visited" => ("s.last_visit_at >= :from15_ts", |c| c.visited),
        "notvisited" => ("s.last_visit_at < :from15_ts", |c| c.customers - c.visited),
        "mycustomer" => ("1", |c| c.customers),
        "repeatrateprev" => (ORDERED_LAST_MONTH, |c| c.last_month),
        "repeatratecurrent" => {
            return Some((name, format!("s.last_order_date >= :month AND {ORDERED_LAST_MONTH}"), |c| c.repeat));
        }
        _ => return None,
    };
    Some((name, condition.to_string(), size))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BucketRow {
    pub customer_id: String,
    pub customer_name: String,
    #[serde(flatten)]
    pub contact: Contact,
    pub shipping_city: Option<String>,
    pub pin_code: Option<String>,
    pub am_email_id: Option<String>,
    pub agent_id: Option<i64>,
    pub info: Option<String>,
    pub retailer_type: String,
    pub last_visit_date: Option<String>,
    pub last_order_date: Option<String>,
    pub top_selling_product: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub ordering_status: String,
    pub is_not_visited_in15_days: bool,
    pub is_not_ordered_in10_days: bool,
    /// Where the last visit was (check-in verification); null when never visited or visited before it.
    pub last_visit_location_status: Option<crate::customers::api::LocationStatus>,
}

/// Sorting of bucket lists: by last visit, oldest or newest first (never-visited count as oldest).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    Asc,
    Desc,
}

/// A row of a bucket page: customers, or order rows for the `ordered` bucket.
// A page is 25 rows of one kind, so the unused space of the smaller variant costs little; boxing
// would allocate for every customer row instead.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum BucketItem {
    Customer(BucketRow),
    Order(OrderedRow),
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BucketPage {
    pub data: Vec<BucketItem>,
    pub total_records: i64,
}

/// One page of a bucket (not `ordered`, which has its own rows) with the bucket's size, as sent
/// (a [`BucketPage`] in JSON). Returns `None` for an unknown bucket name.
///
/// Each owner's customers are walked in last-visit order on the summary index (at most
/// `offset + limit` rows each) and merged, so a page of a manager's 50,000 customers reads a few
/// hundred index entries; the size comes from the landing counts. The first pages are kept as
/// sent while their owners' versions hold (`LandingCache::page`).
#[allow(clippy::too_many_arguments)]
pub fn bucket_page(
    conn: &Connection,
    cache: &LandingCache,
    bucket: &str,
    scope: Scope,
    w: Windows,
    order: Order,
    offset: i64,
    limit: i64,
) -> AppResult<Option<Bytes>> {
    let Some((bucket, condition, size)) = bucket_definition(bucket) else { return Ok(None) };
    let b = w.bounds();
    // One snapshot for the versions, the size, the walk and the rows.
    let tx = conn.unchecked_transaction()?;
    let owners = stats::owners(&tx, scope)?;
    let newest_first = order == Order::Desc;
    let page = cache.page(&owners, b.day, (bucket, newest_first), (offset, limit), || {
        let total = size(&cache.counts(&tx, &owners, &b)?);
        // Never-visited customers (last_visit_at 0) count as the oldest visits.
        let direction = if newest_first { "DESC" } else { "ASC" };
        let walk_sql = format!(
            "SELECT s.last_visit_at, s.customer_id FROM customer_stats s WHERE s.agent_id IS :agent AND {condition}
             ORDER BY s.last_visit_at {direction}, s.customer_id LIMIT :n"
        );
        let n = offset + limit;
        let mut keys: Vec<(i64, i64)> = Vec::new();
        for &(owner, version) in &owners {
            let walked = cache.walk((owner, version), b.day, (bucket, newest_first), n, || {
                let mut walk = tx.prepare_cached(&walk_sql)?;
                let agent = stats::owner_param(owner);
                let mut params = b.params();
                params.push((":agent", &agent));
                params.push((":n", &n));
                let used = crate::platform::db::only_used(&walk, params)?;
                let rows = walk.query_map(&used[..], |r| Ok((r.get(0)?, r.get(1)?)))?;
                rows.collect()
            })?;
            keys.extend_from_slice(&walked);
        }
        keys.sort_by(|x, y| match order {
            Order::Asc => x.cmp(y),
            Order::Desc => y.0.cmp(&x.0).then(x.1.cmp(&y.1)),
        });
        let page: Vec<i64> = keys.into_iter().skip(offset.max(0) as usize).take(limit.max(0) as usize).map(|(_, id)| id).collect();
        let rows = bucket_rows(&tx, &page, &b, &w.from10())?;
        let page = BucketPage { data: rows.into_iter().map(BucketItem::Customer).collect(), total_records: total };
        Ok(serde_json::to_vec(&page).map_err(|e| AppError::Internal(e.into()))?.into())
    })?;
    Ok(Some(page))
}

/// The rows of a page of customers, in the order of `ids`.
fn bucket_rows(conn: &Connection, ids: &[i64], b: &Bounds, from10: &str) -> rusqlite::Result<Vec<BucketRow>> {
    let sql = format!(
        "SELECT c.buyer_id, c.name, c.mobile, c.email, c.address1, c.address2, c.city, c.postal_code, m.email,
                c.agent_id, c.info, c.retailer_type, s.last_visit_at, s.last_order_date,
                c.customer_id, c.latitude, c.longitude, {ORDERED_LAST_MONTH},
                (SELECT v.location_status FROM visits v WHERE v.customer_id = c.customer_id
                 ORDER BY v.visited_at DESC, v.visit_id DESC LIMIT 1)
         FROM json_each(:ids) j JOIN customers c ON c.customer_id = j.value
         JOIN customer_stats s ON s.customer_id = c.customer_id
         LEFT JOIN users a ON a.uid = c.agent_id LEFT JOIN users m ON m.uid = a.manager_id
         ORDER BY j.key"
    );
    let ids = serde_json::to_string(ids).unwrap_or_else(|_| "[]".into());
    let mut top_products = top_products(conn, &ids)?;
    let mut params = b.params();
    params.push((":ids", &ids));
    let mut stmt = conn.prepare_cached(&sql)?;
    let used = crate::platform::db::only_used(&stmt, params)?;
    let rows = stmt.query_map(&used[..], |r| {
        let last_visit = Some(r.get::<_, i64>(12)?).filter(|t| *t != 0);
        let last_order = Some(r.get::<_, String>(13)?).filter(|d| !d.is_empty());
        let this_month = last_order.as_deref().is_some_and(|d| d >= b.month.as_str());
        Ok(BucketRow {
            customer_id: r.get(0)?,
            customer_name: r.get(1)?,
            contact: Contact::read(r, 2)?,
            shipping_city: r.get(6)?,
            pin_code: r.get(7)?,
            am_email_id: r.get(8)?,
            agent_id: r.get(9)?,
            info: r.get(10)?,
            retailer_type: r.get(11)?,
            last_visit_date: last_visit.map(|t| clock::date_and_time(t).0),
            is_not_visited_in15_days: last_visit.is_none_or(|t| t < b.from15_ts),
            is_not_ordered_in10_days: last_order.as_deref().is_none_or(|d| d < from10),
            ordering_status: ordering_status(this_month, r.get(17)?, last_order.is_some()).into(),
            last_order_date: last_order,
            top_selling_product: top_products.remove(&r.get::<_, i64>(14)?),
            latitude: r.get(15)?,
            longitude: r.get(16)?,
            last_visit_location_status: r.get(18)?,
        })
    })?;
    rows.collect()
}

/// The top-selling product (most quantity, then by name) of each of the customers `ids` (a JSON
/// array) that has order lines. One pass over their lines in the customer index, summed here: a
/// grouped and sorted subquery per row cost more than the rest of the page's rows together. The
/// join reads `ids` in order and each customer's lines together, so one customer is summed at a
/// time, in buffers kept across customers (a page sums some 250 lines).
fn top_products(conn: &Connection, ids: &str) -> rusqlite::Result<HashMap<i64, String>> {
    let mut stmt = conn.prepare_cached(
        "SELECT o.customer_id, o.product_name, o.qty_shipped FROM json_each(:ids) j
         JOIN order_lines o ON o.customer_id = j.value",
    )?;
    let mut tops = HashMap::new();
    // The current customer's products: their names one after another in `names`, each with its
    // range there and its summed quantity.
    let mut names = String::new();
    let mut sums: Vec<(std::ops::Range<usize>, f64)> = Vec::new();
    let mut top = |customer: i64, names: &mut String, sums: &mut Vec<(std::ops::Range<usize>, f64)>| {
        let best = sums.iter().max_by(|(a, x), (b, y)| x.total_cmp(y).then_with(|| names[b.clone()].cmp(&names[a.clone()])));
        if let Some((range, _)) = best {
            tops.insert(customer, names[range.clone()].to_string());
        }
        names.clear();
        sums.clear();
    };
    let mut current = None;
    let mut rows = stmt.query(named_params! { ":ids": ids })?;
    while let Some(r) = rows.next()? {
        let customer: i64 = r.get(0)?;
        if current != Some(customer) {
            if let Some(done) = current {
                top(done, &mut names, &mut sums);
            }
            current = Some(customer);
        }
        let name = r.get_ref(1)?.as_str()?;
        let qty: f64 = r.get(2)?;
        match sums.iter_mut().find(|(range, _)| &names[range.clone()] == name) {
            Some((_, sum)) => *sum += qty,
            None => {
                let start = names.len();
                names.push_str(name);
                sums.push((start..names.len(), qty));
            }
        }
    }
    if let Some(done) = current {
        top(done, &mut names, &mut sums);
    }
    Ok(tops)
}

/// The parameters every bucket query binds.
struct BucketParams {
    filter: String,
    scope: Scope,
    from15: String,
    from15_ts: i64,
    month: String,
    last_month: String,
}

impl BucketParams {
    fn new(scope: Scope, w: Windows) -> Self {
        let filter = scope.condition("c.agent_id");
        let (from15, from15_ts) = w.from15();
        BucketParams {
            filter,
            scope,
            from15,
            from15_ts,
            month: Windows::date(w.month_start()),
            last_month: Windows::date(w.months_back(1)),
        }
    }

    fn list(&self) -> Vec<(&'static str, &dyn rusqlite::ToSql)> {
        vec![
            self.scope.param(),
            (":from15", &self.from15),
            (":from15_ts", &self.from15_ts),
            (":month", &self.month),
            (":last_month", &self.last_month),
        ]
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderedRow {
    #[serde(rename = "buyerID")]
    pub buyer_id: String,
    pub seller_name: String,
    pub month_order_date: String,
    pub product_name: String,
    /// The average unit price, to the paisa.
    pub unit_price: crate::platform::money::Money,
    pub total_product_shipped_quantity: f64,
    pub sku: Option<String>,
    pub last_visit_date: Option<String>,
}

/// One page of the 'ordered' bucket: what the caller's customers ordered in the last 15 days, one
/// row per customer, distributor, month and product (average unit price, total quantity).
pub fn ordered_page(
    conn: &Connection,
    scope: Scope,
    w: Windows,
    order: Order,
    offset: i64,
    limit: i64,
) -> rusqlite::Result<(Vec<OrderedRow>, i64)> {
    let p = BucketParams::new(scope, w);
    let filter = &p.filter;
    let grouped = format!(
        "SELECT c.customer_id, c.buyer_id, o.seller_name, substr(o.order_date, 1, 7) AS month, o.product_name,
                ROUND(AVG(o.unit_price_paise)) AS price, SUM(o.qty_shipped) AS qty, MAX(o.sku) AS sku
         FROM customers c JOIN order_lines o ON o.customer_id = c.customer_id AND o.order_date >= :from15
         WHERE {filter}
         GROUP BY c.customer_id, o.seller_name, month, o.product_name"
    );
    let count_sql = format!("SELECT COUNT(*) FROM ({grouped})");
    let mut count = conn.prepare(&count_sql)?;
    let total: i64 = count.query_row(&crate::platform::db::only_used(&count, p.list())?[..], |r| r.get(0))?;
    let direction = if order == Order::Asc { "ASC" } else { "DESC" };
    let sql = format!(
        "SELECT g.buyer_id, g.seller_name, g.month, g.product_name, g.price, g.qty, g.sku,
                (SELECT MAX(v.visited_at) FROM visits v WHERE v.customer_id = g.customer_id)
         FROM ({grouped}) g ORDER BY g.month {direction}, g.buyer_id, g.product_name LIMIT :limit OFFSET :offset"
    );
    let mut params = p.list();
    params.push((":limit", &limit));
    params.push((":offset", &offset));
    let mut stmt = conn.prepare(&sql)?;
    let used = crate::platform::db::only_used(&stmt, params)?;
    let rows = stmt.query_map(&used[..], |r| {
        Ok(OrderedRow {
            buyer_id: r.get(0)?,
            seller_name: r.get(1)?,
            month_order_date: r.get(2)?,
            product_name: r.get(3)?,
            unit_price: r.get(4)?,
            total_product_shipped_quantity: r.get(5)?,
            sku: r.get(6)?,
            last_visit_date: r.get::<_, Option<i64>>(7)?.map(|t| clock::date_and_time(t).0),
        })
    })?;
    Ok((rows.collect::<Result<_, _>>()?, total))
}

#[derive(Debug, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitSummary {
    #[serde(rename = "totalVisitFTD")]
    pub total_visit_ftd: i64,
    #[serde(rename = "totalVisitFTM")]
    pub total_visit_ftm: i64,
    #[serde(rename = "uniqueVisitFTD")]
    pub unique_visit_ftd: i64,
    #[serde(rename = "uniqueVisitFTM")]
    pub unique_visit_ftm: i64,
    #[serde(rename = "avgVisitMonthlyL3M")]
    pub avg_visit_monthly_l3m: f64,
    #[serde(rename = "uniqueOrderFTD")]
    pub unique_order_ftd: i64,
    #[serde(rename = "uniqueOrderFTM")]
    pub unique_order_ftm: i64,
    #[serde(rename = "avgOrderMonthlyL3M")]
    pub avg_order_monthly_l3m: f64,
    #[serde(rename = "orderValueFTD")]
    pub order_value_ftd: f64,
    #[serde(rename = "orderValueFTM")]
    pub order_value_ftm: f64,
    #[serde(rename = "avgOrderValueMonthlyL3M")]
    pub avg_order_value_monthly_l3m: f64,
    /// Productive visits today: visits saved together with a booked order that was not cancelled.
    #[serde(rename = "productiveVisitFTD")]
    pub productive_visit_ftd: i64,
    /// Productive visits this month.
    #[serde(rename = "productiveVisitFTM")]
    pub productive_visit_ftm: i64,
    /// This month's visits of each agent whose location was judged, and the share verified.
    pub check_in_by_agent: Vec<AgentCheckIns>,
}

/// One agent's check-ins this month: visits whose location was judged (visits saved before
/// check-in verification are not counted), how many were verified, and that share (0-100).
/// The four statuses are the parts of `visits`: verified + off-site + no location + customer
/// unlocated = visits.
#[derive(Debug, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgentCheckIns {
    /// The agent's login id.
    pub agent_id: String,
    pub agent_name: String,
    pub visits: i64,
    pub verified: i64,
    pub off_site: i64,
    pub no_location: i64,
    /// Visits to a customer whose shop has no position, so no distance could be judged.
    pub customer_unlocated: i64,
    pub verified_percentage: f64,
    /// Of these visits, those saved together with a booked order (not cancelled).
    pub productive: i64,
}

/// The visit summary: visits and orders of the agents' customers today, this month, and the
/// monthly average of the three whole months before this one.
pub fn visit_summary(conn: &Connection, scope: Scope, w: Windows) -> rusqlite::Result<VisitSummary> {
    let filter = scope.condition("c.agent_id");
    let today = Windows::date(w.today);
    let month = Windows::date(w.month_start());
    let l3m = Windows::date(w.months_back(3));
    let (today_ts, month_ts, l3m_ts) = (clock::start_of(w.today), clock::start_of(w.month_start()), clock::start_of(w.months_back(3)));
    let visits = format!(
        "SELECT COALESCE(SUM(v.visited_at >= :today_ts), 0), COALESCE(SUM(v.visited_at >= :month_ts), 0),
                COUNT(DISTINCT CASE WHEN v.visited_at >= :today_ts THEN v.customer_id END),
                COUNT(DISTINCT CASE WHEN v.visited_at >= :month_ts THEN v.customer_id END)
         FROM customers c JOIN visits v ON v.customer_id = c.customer_id AND v.visited_at >= :month_ts
         WHERE {filter}"
    );
    let (total_ftd, total_ftm, unique_ftd, unique_ftm): (i64, i64, i64, i64) =
        conn.query_row(&visits, &*scope.with(named_params! { ":today_ts": today_ts, ":month_ts": month_ts }), |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })?;
    // Unique customers visited per month, summed over the three months (then averaged).
    let l3m_visits: i64 = conn.query_row(
        &format!(
            "SELECT COUNT(*) FROM (
                 SELECT DISTINCT v.customer_id, strftime('%Y-%m', v.visited_at, 'unixepoch', 'localtime')
                 FROM customers c JOIN visits v ON v.customer_id = c.customer_id
                      AND v.visited_at >= :l3m_ts AND v.visited_at < :month_ts
                 WHERE {filter})"
        ),
        &*scope.with(named_params! { ":l3m_ts": l3m_ts, ":month_ts": month_ts }),
        |r| r.get(0),
    )?;
    let orders = format!(
        "SELECT COUNT(DISTINCT CASE WHEN o.order_date >= :today THEN o.order_id END),
                COUNT(DISTINCT CASE WHEN o.order_date >= :month THEN o.order_id END),
                COUNT(DISTINCT CASE WHEN o.order_date < :month THEN o.order_id END),
                COALESCE(SUM(CASE WHEN o.order_date >= :today THEN o.taxable_paise END), 0),
                COALESCE(SUM(CASE WHEN o.order_date >= :month THEN o.taxable_paise END), 0),
                COALESCE(SUM(CASE WHEN o.order_date < :month THEN o.taxable_paise END), 0)
         FROM customers c JOIN order_lines o ON o.customer_id = c.customer_id AND o.order_date >= :l3m
         WHERE {filter}"
    );
    // Values in paise (a fractional quantity of an upload's line makes a sum REAL: rounded to the paisa).
    use crate::platform::money::Money;
    let (order_ftd, order_ftm, order_l3m, value_ftd, value_ftm, value_l3m): (i64, i64, i64, Money, Money, Money) =
        conn.query_row(&orders, &*scope.with(named_params! { ":today": today, ":month": month, ":l3m": l3m }), |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?))
        })?;
    // Productive visits: a booked order (not cancelled) was saved with the visit. Walked from the
    // orders that have a visit, which are far fewer than the visits.
    let productive = format!(
        "SELECT COALESCE(SUM(v.visited_at >= :today_ts), 0), COUNT(*)
         FROM customers c JOIN orders o ON o.customer_id = c.customer_id AND o.visit_id IS NOT NULL AND o.status <> 'Cancelled'
         JOIN visits v ON v.visit_id = o.visit_id AND v.visited_at >= :month_ts
         WHERE {filter}"
    );
    let (productive_ftd, productive_ftm): (i64, i64) =
        conn.query_row(&productive, &*scope.with(named_params! { ":today_ts": today_ts, ":month_ts": month_ts }), |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?;
    let check_ins = format!(
        "SELECT u.email, u.name, COUNT(*), COALESCE(SUM(v.location_status = 'verified'), 0),
                COALESCE(SUM(v.location_status = 'off-site'), 0), COALESCE(SUM(v.location_status = 'no-location'), 0),
                COALESCE(SUM(v.location_status = 'customer-unlocated'), 0),
                COALESCE(SUM(EXISTS (SELECT 1 FROM orders o WHERE o.visit_id = v.visit_id AND o.status <> 'Cancelled')), 0)
         FROM customers c JOIN visits v ON v.customer_id = c.customer_id AND v.visited_at >= :month_ts
         JOIN users u ON u.uid = v.agent_id
         WHERE {filter} AND v.location_status IS NOT NULL
         GROUP BY v.agent_id ORDER BY u.name"
    );
    let check_in_by_agent = conn
        .prepare_cached(&check_ins)?
        .query_map(&*scope.with(named_params! { ":month_ts": month_ts }), |r| {
            let (visits, verified): (i64, i64) = (r.get(2)?, r.get(3)?);
            Ok(AgentCheckIns {
                agent_id: r.get(0)?,
                agent_name: r.get(1)?,
                visits,
                verified,
                off_site: r.get(4)?,
                no_location: r.get(5)?,
                customer_unlocated: r.get(6)?,
                verified_percentage: (verified as f64 * 10_000.0 / visits as f64).round() / 100.0,
                productive: r.get(7)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let avg = |sum: f64| ((sum / 3.0) * 100.0).round() / 100.0;
    Ok(VisitSummary {
        total_visit_ftd: total_ftd,
        total_visit_ftm: total_ftm,
        unique_visit_ftd: unique_ftd,
        unique_visit_ftm: unique_ftm,
        avg_visit_monthly_l3m: avg(l3m_visits as f64),
        unique_order_ftd: order_ftd,
        unique_order_ftm: order_ftm,
        avg_order_monthly_l3m: avg(order_l3m as f64),
        // Summed in paise, shown as decimals.
        order_value_ftd: value_ftd.to_f64(),
        order_value_ftm: value_ftm.to_f64(),
        avg_order_value_monthly_l3m: Money::from_paise((value_l3m.paise() as f64 / 3.0).round() as i64).to_f64(),
        productive_visit_ftd: productive_ftd,
        productive_visit_ftm: productive_ftm,
        check_in_by_agent,
    })
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrendWeek {
    /// Monday of the week.
    pub week_start: String,
    pub visits: i64,
    pub orders: i64,
}

/// Visits and distinct orders per week over the last 8 weeks (this week included).
pub fn trend(conn: &Connection, scope: Scope, w: Windows) -> rusqlite::Result<Vec<TrendWeek>> {
    let filter = scope.condition("c.agent_id");
    let this_monday = w.today - Days::new(u64::from(w.today.weekday().num_days_from_monday()));
    let mut weeks = Vec::new();
    for back in (0..8u64).rev() {
        let start = this_monday - Days::new(back * 7);
        let end = start + Days::new(7);
        let visits: i64 = conn.query_row(
            &format!(
                "SELECT COUNT(*) FROM customers c JOIN visits v ON v.customer_id = c.customer_id
                 AND v.visited_at >= :from AND v.visited_at < :to WHERE {filter}"
            ),
            &*scope.with(named_params! { ":from": clock::start_of(start), ":to": clock::start_of(end) }),
            |r| r.get(0),
        )?;
        let orders: i64 = conn.query_row(
            &format!(
                "SELECT COUNT(DISTINCT o.order_id) FROM customers c JOIN order_lines o ON o.customer_id = c.customer_id
                 AND o.order_date >= :from AND o.order_date < :to WHERE {filter}"
            ),
            &*scope.with(named_params! { ":from": Windows::date(start), ":to": Windows::date(end) }),
            |r| r.get(0),
        )?;
        weeks.push(TrendWeek { week_start: Windows::date(start), visits, orders });
    }
    Ok(weeks)
}

/// "Ordered this month", "Ordered last month", "Lapsed" (ordered before that) or "Never ordered".
pub fn ordering_status(this_month: bool, last_month: bool, ever: bool) -> &'static str {
    if this_month {
        "Ordered this month"
    } else if last_month {
        "Ordered last month"
    } else if ever {
        "Lapsed"
    } else {
        "Never ordered"
    }
}
