//! Every upload kind, defined once: its columns (the table `columns.tsv`, which drives the header
//! check, the cell checks, the sample file and docs/uploads.md), the right it needs, and how a valid
//! row is applied.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use rusqlite::{named_params, Connection};

use serde_json::json;

use super::messages::*;
use super::queries;
use super::types::{Check, Column};
use crate::beats::{self, Weekdays};
use crate::platform::error::Problem;
use crate::platform::ids::UserId;
use crate::platform::money::{Least, Money, Refusal};
use crate::platform::rights;
use crate::platform::scope::Scope;

/// The columns of each kind, made by build.rs from the table `columns.tsv`.
mod columns {
    use super::{Check, Column};
    include!(concat!(env!("OUT_DIR"), "/upload_columns.rs"));
}

/// What a row is applied with besides its cells.
pub struct Context {
    pub uploader: i64,
    /// The sub-info upload's info type.
    pub info_id: Option<i64>,
    /// Countries and agents already looked up in this file (by lower-case name or email; `None`:
    /// unknown): a 100,000-row sheet names a few of them over and over.
    countries: RefCell<HashMap<String, Option<i64>>>,
    agents: RefCell<HashMap<String, Option<i64>>>,
    /// Whose customers and agents the uploader's rows may name, and whose rows they may change
    /// (issue #49): a manager's team; the command line's is all.
    scope: Scope,
    /// The beats this file has named so far (by agent and lower-case name): their id and weekdays.
    beats: RefCell<HashMap<(UserId, String), (i64, Weekdays)>>,
    /// The company's formats, for the result workbook's dates and prices.
    pub formats: crate::platform::formats::Formats,
    /// Which of the file's headers stand for which of the kind's columns.
    pub mapping: super::mapping::Mapping,
    /// The largest amount a cell may give (`--max-amount`).
    max_amount: Money,
    /// The uploader's language ("en" or "hi"): the result workbook's and the answer's reasons.
    pub language: String,
    /// The keys of the groups of rows applied so far (a grouped kind's, lower case).
    groups_seen: RefCell<HashSet<String>>,
}

impl Context {
    pub fn new(uploader: i64, info_id: Option<i64>) -> Self {
        Context {
            uploader,
            info_id,
            countries: RefCell::default(),
            agents: RefCell::default(),
            scope: Scope::All,
            beats: RefCell::default(),
            formats: crate::platform::formats::Formats::default(),
            mapping: super::mapping::Mapping::default(),
            max_amount: crate::platform::config::DEFAULT_MAX_AMOUNT,
            groups_seen: RefCell::default(),
            language: "en".into(),
        }
    }

    /// The context of a file read through `mapping`.
    pub fn mapped(self, mapping: super::mapping::Mapping) -> Self {
        Context { mapping, ..self }
    }

    /// The context under the company's largest amount.
    pub fn bounded(self, max_amount: Money) -> Self {
        Context { max_amount, ..self }
    }

    /// The context in the company's `formats`.
    pub fn in_formats(self, formats: crate::platform::formats::Formats) -> Self {
        Context { formats, ..self }
    }

    /// The context of an uploader who reads `language` ("en", "hi").
    pub fn in_language(self, language: &str) -> Self {
        Context { language: language.to_string(), ..self }
    }

    /// The context of an upload by a user of `scope`.
    pub fn within(self, scope: Scope) -> Self {
        Context { scope, ..self }
    }

    /// Whose data the upload may touch.
    pub fn scope(&self) -> Scope {
        self.scope
    }

    /// Notes that the group of rows `key` is being applied; false when it already was (its rows
    /// do not follow one another).
    pub fn first_of_group(&self, key: &str) -> bool {
        self.groups_seen.borrow_mut().insert(key.to_string())
    }
}

/// `lookup(key)` once per distinct key (case-insensitive, as the columns' NOCASE collation) in `seen`.
fn remembered(
    seen: &RefCell<HashMap<String, Option<i64>>>,
    key: &str,
    lookup: impl FnOnce() -> rusqlite::Result<Option<i64>>,
) -> Result<Option<i64>, Problem> {
    let key = key.to_ascii_lowercase();
    if let Some(found) = seen.borrow().get(&key) {
        return Ok(*found);
    }
    let found = lookup().map_err(db)?;
    seen.borrow_mut().insert(key, found);
    Ok(found)
}

/// One upload kind.
pub struct Kind {
    /// `sample_<name>upload.xlsx`, `fieldsales import <name>`.
    pub name: &'static str,
    pub title: &'static str,
    /// The multipart field of the file.
    pub field: &'static str,
    pub right: crate::platform::rights::Right,
    pub columns: &'static [Column],
    /// Applies one checked row (cells in column order); `Err` is the reason it was rejected, a
    /// message of the catalogue with its parameters.
    pub apply: fn(&Connection, &[String], &Context) -> Result<(), Problem>,
}

/// A database error while applying a row: the row's reason (a constraint the row broke).
fn db(err: rusqlite::Error) -> Problem {
    ROW_REJECTED.with([("reason", json!(err.to_string()))])
}

/// The reason `msg` about the column `column`.
fn about(msg: crate::platform::error::Msg, column: &str) -> Problem {
    msg.with([("column", json!(column))])
}

fn opt(v: &str) -> Option<&str> {
    (!v.is_empty()).then_some(v)
}

fn number(v: &str) -> Option<f64> {
    v.parse().ok()
}

/// An amount of money in a cell by the one rule (`money::checked`: two places at most, 0 or more,
/// at most the company's maximum); `None` when the cell is not a number, as `number`.
fn money(v: &str, what: &str, ctx: &Context) -> Result<Option<Money>, Problem> {
    let refused = |refusal: Refusal| match refusal {
        Refusal::NotAnAmount => about(AMOUNT_TWO_PLACES, what),
        Refusal::BelowLeast => about(AMOUNT_NEGATIVE, what),
        Refusal::AboveMaximum(_) => refusal.problem(what, AMOUNT_TWO_PLACES),
    };
    number(v).map(|n| crate::platform::money::checked(Money::from_f64_exact(n), Least::Zero, ctx.max_amount).map_err(refused)).transpose()
}

/// An optional GSTIN cell of a party of `state` (issue #52): empty is `None` (keeps the stored one),
/// else the normalised GSTIN or the row's `gstin_invalid`.
fn gstin(value: &str, state: Option<&str>) -> Result<Option<String>, Problem> {
    match opt(value.trim()) {
        None => Ok(None),
        Some(v) => {
            crate::platform::taxids::check_gstin(v, state).map(Some).map_err(|e| crate::platform::taxids::gstin_problem(v, state, &e))
        }
    }
}

fn country(conn: &Connection, ctx: &Context, name: &str) -> Result<Option<i64>, Problem> {
    if name.is_empty() {
        return Ok(None);
    }
    remembered(&ctx.countries, name, || queries::country_id(conn, name))?
        .map(Some)
        .ok_or_else(|| UNKNOWN_COUNTRY.with([("name", json!(name))]))
}

// An agent or customer outside the uploader's scope is as unknown as one that does not exist: a
// row's reason tells nothing of another team.

fn agent(conn: &Connection, ctx: &Context, email: &str) -> Result<i64, Problem> {
    remembered(&ctx.agents, email, || queries::agent_in_scope(conn, ctx.scope, email))?.ok_or_else(|| unknown_agent(email))
}

fn unknown_agent(email: &str) -> Problem {
    UNKNOWN_AGENT.with([("email", json!(email))])
}

fn customer(conn: &Connection, ctx: &Context, buyer: &str) -> Result<i64, Problem> {
    match ctx.scope.customer(conn, buyer) {
        Ok((id, _)) => Ok(id.0),
        Err(e) if e.code() == crate::platform::scope::CUSTOMER_NOT_FOUND.code => Err(UNKNOWN_CUSTOMER.with([("buyerId", json!(buyer))])),
        Err(e) => Err(e.problem()),
    }
}

/// Refuses a row whose key (`what` `key`) names rows already there of a customer outside the
/// uploader's scope, which the kind's upsert would take over (issue #49: another team's invoice
/// moved to one's own customer). `rows` selects the `customer_id` of the rows of the key `:key`.
/// The reason says only that the key is taken: nothing of those rows, their customer or team.
fn refuse_taken_outside(conn: &Connection, ctx: &Context, rows: &str, what: &str, key: &str) -> Result<(), Problem> {
    // Everything is inside an administrator's (and the command line's) scope.
    if ctx.scope == Scope::All {
        return Ok(());
    }
    let taken = queries::taken_outside(conn, ctx.scope, rows, key).map_err(db)?;
    if taken {
        return Err(TAKEN_OUTSIDE.with([("column", json!(what)), ("value", json!(key))]));
    }
    Ok(())
}

pub const CUSTOMER: Kind = Kind {
    name: "customer",
    title: "Customer Master",
    field: "customerdata",
    right: rights::CUSTOMER_MASTER,
    columns: columns::CUSTOMER,
    apply: |conn, c, ctx| {
        let retailer_type = match c[13].as_str() {
            "" | "Retailer" => "Retailer",
            "Wholesaler" => "Wholesaler",
            other => return Err(RETAILER_TYPE.with([("value", json!(other))])),
        };
        let country = country(conn, ctx, &c[9])?;
        let agent = agent(conn, ctx, &c[14])?;
        // Credit Limit (issue #38, a later column): empty keeps the stored limit (the customer
        // master edit removes one). A row that changes nothing writes nothing (the daily export
        // uploaded again): no search index, summary or version is touched, updated_at stays.
        let limit = money(c.get(15).map_or("", String::as_str), "Credit Limit", ctx)?;
        // GSTIN (issue #52, a later column): its state code must be the row's State's.
        let gstin = gstin(c.get(16).map_or("", String::as_str), opt(&c[8]))?;
        refuse_taken_outside(conn, ctx, queries::CUSTOMERS_OF_BUYER, "Buyer ID", &c[0])?;
        crate::customers::queries::upsert_uploaded(
            conn,
            named_params! {
                ":b": c[0], ":n": c[1], ":m": c[2], ":e": opt(&c[3]), ":a1": opt(&c[4]), ":a2": opt(&c[5]),
                ":p": opt(&c[6]), ":city": opt(&c[7]), ":state": opt(&c[8]), ":country": country, ":info": opt(&c[10]),
                ":lat": number(&c[11]), ":lng": number(&c[12]), ":t": retailer_type, ":agent": agent,
                ":by": ctx.uploader, ":now": crate::now(), ":limit": limit, ":gstin": gstin,
            },
        )
        .map(drop)
        .map_err(db)
    },
};

pub const CUSTOMER_DELETE: Kind = Kind {
    name: "customerdelete",
    title: "Customer Delete",
    field: "customerdata",
    right: rights::CUSTOMER_MASTER,
    columns: columns::CUSTOMERDELETE,
    apply: |conn, c, ctx| {
        let id = customer(conn, ctx, &c[0])?;
        if !crate::customers::queries::delete_unused(conn, id).map_err(db)? {
            return Err(CUSTOMER_IN_USE.into());
        }
        Ok(())
    },
};

/// `yes`/`no` (also y/n, true/false, 1/0, active/inactive) as 1/0; empty is `None`.
pub fn yes_no(v: &str) -> Result<Option<i64>, Problem> {
    match v.trim().to_ascii_lowercase().as_str() {
        "" => Ok(None),
        "yes" | "y" | "true" | "1" | "active" => Ok(Some(1)),
        "no" | "n" | "false" | "0" | "inactive" => Ok(Some(0)),
        other => Err(ACTIVE_YES_NO.with([("value", json!(other))])),
    }
}

pub const PRODUCT: Kind = Kind {
    name: "product",
    title: "Product Master",
    field: "productdata",
    right: rights::PRODUCT_MASTER,
    columns: columns::PRODUCT,
    // A file of the older two columns (or with empty cells) keeps the price, pack size, category
    // and active flag already stored; a new product is active.
    apply: |conn, c, ctx| {
        let price = money(&c[2], "Price", ctx)?;
        let pack = match number(&c[3]) {
            None => None,
            Some(p) if p.fract() == 0.0 && (1.0..=1_000_000.0).contains(&p) => Some(p as i64),
            Some(_) => return Err(PACK_SIZE_WHOLE.into()),
        };
        let active = yes_no(&c[5])?;
        // HSN and GST % (issue #52, later columns): `18`, `5`, `0.25`, `18%`.
        let cell = |i: usize| c.get(i).map_or("", |v| v.trim());
        let hsn = match opt(cell(6)) {
            None => None,
            Some(v) => Some(crate::platform::taxids::check_hsn(v).ok_or_else(|| crate::platform::taxids::hsn_problem(v))?),
        };
        let rate = match opt(cell(7)) {
            None => None,
            Some(v) => Some(crate::platform::taxids::gst_percent_bp(v).ok_or_else(|| crate::platform::taxids::gst_rate_problem(v))?),
        };
        crate::masters::products::queries::upsert_uploaded(
            conn,
            named_params! {
                ":n": c[0], ":s": opt(&c[1]), ":p": price, ":pack": pack, ":cat": opt(&c[4]), ":a": active, ":hsn": hsn, ":rate": rate,
            },
        )
        .map(drop)
        .map_err(db)
    },
};

pub const DISTRIBUTOR: Kind = Kind {
    name: "distributor",
    title: "Distributor Master",
    field: "distributordata",
    right: rights::DISTRIBUTOR_MASTER,
    columns: columns::DISTRIBUTOR,
    // Booked orders are mailed to Email; a file without it (the older format) keeps the stored one.
    // State and GSTIN (issue #52, later columns) likewise; the GSTIN's state code must be the
    // row's State's, or the stored state's when the cell is empty.
    apply: |conn, c, ctx| {
        let country = country(conn, ctx, &c[3])?;
        let cell = |i: usize| c.get(i).map_or("", |v| v.trim());
        let state = match opt(cell(5)) {
            Some(s) => Some(s.to_string()),
            None => crate::masters::distributors::queries::state_of(conn, &c[0]).map_err(db)?,
        };
        let gstin = gstin(cell(6), state.as_deref())?;
        crate::masters::distributors::queries::upsert_uploaded(
            conn,
            named_params! {
                ":n": c[0], ":code": opt(&c[1]), ":city": opt(&c[2]), ":country": country, ":email": opt(&c[4]),
                ":state": opt(cell(5)), ":gstin": gstin,
            },
        )
        .map(drop)
        .map_err(db)
    },
};

pub const SCORECARD: Kind = Kind {
    name: "scorecard",
    title: "Scorecard",
    field: "scorecarddata",
    right: rights::SCORECARD_MASTER,
    columns: columns::SCORECARD,
    apply: |conn, c, ctx| {
        let agent = agent(conn, ctx, &c[0])?;
        let n = |i: usize| number(&c[i]).unwrap_or(0.0);
        crate::customers::scorecards::queries::replace_uploaded(
            conn,
            named_params! {
                ":a": agent, ":u": c[1], ":t": n(2), ":ta": n(3), ":l": n(4), ":rt": n(5) as i64, ":ra": n(6) as i64,
                ":la": n(7) as i64, ":p": n(8), ":i": n(9), ":q": c[10],
            },
        )
        .map(drop)
        .map_err(db)
    },
};

pub const DELIVERY: Kind = Kind {
    name: "delivery",
    title: "Delivery",
    field: "deliverydata",
    right: rights::DELIVERY_UPLOAD_MASTER,
    columns: columns::DELIVERY,
    apply: |conn, c, ctx| {
        let customer = customer(conn, ctx, &c[3])?;
        refuse_taken_outside(conn, ctx, queries::DELIVERIES_OF_ORDER, "Order ID", &c[0])?;
        crate::deliveries::queries::upsert_uploaded(
            conn,
            named_params! {
                ":o": c[0], ":od": c[1], ":pd": c[2], ":c": customer, ":s": c[4], ":ai": opt(&c[5]), ":an": opt(&c[6]),
                ":lc": number(&c[7]).unwrap_or(0.0), ":now": crate::now(),
            },
        )
        .map(drop)
        .map_err(db)
    },
};

pub const ORDER: Kind = Kind {
    name: "order",
    title: "Order Lines",
    field: "orderdata",
    right: rights::PRODUCT_MASTER,
    columns: columns::ORDER,
    // An uploaded line replaces an uploaded line of the same order and product, never a line of an
    // order booked in the app (order id APP000123, which the distributor's mail shows): those are
    // the booked order's only record of what was ordered.
    apply: |conn, c, ctx| {
        let customer = customer(conn, ctx, &c[2])?;
        // Any line of the order, of any product: the order is one, whoever's lines it has.
        refuse_taken_outside(conn, ctx, queries::LINES_OF_ORDER, "Order ID", &c[0])?;
        let unit_price = money(&c[7], "Unit Price", ctx)?.unwrap_or(Money::ZERO);
        let written = crate::orders::queries::upsert_uploaded_line(
            conn,
            named_params! {
                ":o": c[0], ":d": c[1], ":c": customer, ":s": c[3], ":p": c[4], ":sku": opt(&c[5]),
                ":q": number(&c[6]).unwrap_or(0.0), ":u": unit_price, ":ds": opt(&c[8]), ":fao": opt(&c[9]),
            },
        )
        .map_err(db)?;
        if written == 0 {
            return Err(ORDER_LINE_BOOKED.into());
        }
        Ok(())
    },
};

pub const SUBINFO: Kind = Kind {
    name: "subinfo",
    title: "Sub Info Types",
    field: "data",
    right: rights::INFOTYPE_MASTER,
    columns: columns::SUBINFO,
    apply: |conn, c, ctx| {
        let info = ctx.info_id.ok_or(INFO_TYPE_REQUIRED)?;
        let added = crate::masters::info_types::queries::add_sub_type(conn, info, &c[0]).map_err(db)?;
        if !added {
            return Err(SUB_INFO_EXISTS.with([("name", json!(c[0]))]));
        }
        Ok(())
    },
};

/// Each beat the file names gets exactly the file's rows for it, from today: its first row sets
/// the weekdays and takes the beat's customers off, every row puts one customer on at its
/// Sequence (see `beats::queries`).
pub const BEAT: Kind = Kind {
    name: "beat",
    title: "Beats",
    field: "beatdata",
    right: rights::BEAT_MASTER,
    columns: columns::BEAT,
    apply: |conn, c, ctx| {
        let agent = UserId(agent(conn, ctx, &c[1])?);
        let weekdays = Weekdays::parse_text(&c[2])?;
        let customer = beats::agents_customer(conn, ctx.scope, agent, &c[3]).map_err(|e| e.problem())?;
        let sequence = number(&c[4]).filter(|s| s.fract() == 0.0 && *s >= 1.0).ok_or(SEQUENCE_WHOLE)? as i64;
        // Its length and characters are the column's check (`validate::limits::BEAT_NAME`).
        let name = c[0].trim();
        let today = crate::clock::today().format("%Y-%m-%d").to_string();
        let key = (agent, name.to_lowercase());
        let known = ctx.beats.borrow().get(&key).copied();
        let beat_id = match known {
            Some((_, first)) if first != weekdays => return Err(WEEKDAYS_DIFFER.with([("weekdays", json!(first.names().join(",")))])),
            Some((id, _)) => id,
            None => {
                let id = beats::find_or_create(conn, agent, name, crate::now()).map_err(db)?;
                beats::set_weekdays(conn, id, weekdays, &today).map_err(db)?;
                beats::end_stops(conn, id, &today).map_err(db)?;
                ctx.beats.borrow_mut().insert(key, (id, weekdays));
                id
            }
        };
        if !beats::add_stop(conn, beat_id, customer, sequence, &today).map_err(db)? {
            return Err(CUSTOMER_TWICE_IN_BEAT.with([("buyerId", json!(c[3]))]));
        }
        Ok(())
    },
};

/// The distributor's invoices (issue #38): re-uploading an Invoice No updates it (amount, dates,
/// customer, distributor), never duplicates it; the customer, and the invoice's customer before,
/// must be in the uploader's scope (issue #49). An amount below what was already paid on it, or
/// another customer for an invoice with payments, is the row's error
/// (`collections::queries::upsert_invoice`).
pub const INVOICE: Kind = Kind {
    name: "invoice",
    title: "Invoices",
    field: "invoicedata",
    right: rights::COLLECTIONS_REVIEW,
    columns: columns::INVOICE,
    apply: |conn, c, ctx| {
        let customer = customer(conn, ctx, &c[1])?;
        // Before the amount's check, whose reason tells what was paid on the invoice.
        refuse_taken_outside(conn, ctx, queries::INVOICES_OF_NUMBER, "Invoice No", &c[0])?;
        let amount = money(&c[3], "Amount", ctx)?.ok_or_else(|| about(NOT_A_NUMBER, "Amount"))?;
        if c[4] < c[2] {
            return Err(DUE_BEFORE_INVOICE.into());
        }
        let distributor: Option<i64> = match opt(&c[5]) {
            None => None,
            Some(name) => Some(
                crate::masters::distributors::queries::id_by_name(conn, name)
                    .map_err(db)?
                    .ok_or_else(|| UNKNOWN_DISTRIBUTOR.with([("name", json!(name))]))?,
            ),
        };
        crate::collections::queries::upsert_invoice(conn, &c[0], customer, distributor, &c[2], &c[4], amount, crate::now())
            .map_err(db)??;
        // What approved returns left unallocated goes to the invoices uploaded later (decision 46).
        crate::returns::queries::apply_credits(conn, crate::platform::ids::CustomerId(customer), crate::now()).map_err(db)
    },
};

/// Trade schemes (issue #52): one row per slab, the rows of one Scheme Name one scheme, applied or
/// rejected together (`grouped`, `crate::schemes::upload`).
pub const SCHEME: Kind = Kind {
    name: "scheme",
    title: "Schemes",
    field: "schemedata",
    right: rights::SCHEME_MASTER,
    columns: columns::SCHEME,
    apply: |_, _, _| Err(SCHEME_ROWS_TOGETHER.into()),
};

/// Targets per agent, month and measure (issue #53): the natural key is (Agent Email, Month,
/// Measure), re-uploading it replaces the target; the agent must be a live agent of the uploader's
/// scope (a manager's own agents), else the row is refused as an unknown agent. Month is YYYY-MM
/// (a date cell's month is taken); Target is in the measure's unit (an amount for sales_value and
/// collections, two places for lines_per_call, a whole number otherwise).
pub const TARGET: Kind = Kind {
    name: "target",
    title: "Targets",
    field: "targetdata",
    right: rights::TARGET_MASTER,
    columns: columns::TARGET,
    apply: |conn, c, ctx| {
        let agent = remembered(&ctx.agents, &c[0], || crate::targets::queries::agent_by_email(conn, ctx.scope, &c[0]))?
            .ok_or_else(|| unknown_agent(&c[0]))?;
        let month = match c[1].trim() {
            m if m.len() == 10 && crate::clock::parse_date(m).is_some() => &m[..7],
            m => m,
        };
        crate::targets::queries::month(month).ok_or_else(|| MONTH_FORMAT.with([("value", json!(c[1]))]))?;
        let measure = crate::targets::queries::Measure::parse(&c[2]).ok_or_else(|| MEASURE_UNKNOWN.with([("value", json!(c[2]))]))?;
        let target = measure.parse_target(&c[3], ctx.max_amount).ok_or(TARGET_INVALID)?;
        crate::targets::queries::set_target(
            conn,
            ctx.scope,
            UserId(agent),
            month,
            measure,
            Some(target),
            (UserId(ctx.uploader), crate::now()),
        )
        .map_err(|e| match e.code() {
            "agent_not_found" => unknown_agent(&c[0]),
            _ => e.problem(),
        })
    },
};

/// A refused group of rows: the index of the row at fault and why.
pub type GroupRefusal = (usize, crate::platform::error::Problem);

/// Applies a group's rows (cells in column order); else the index of the row at fault and why.
pub type GroupApply = fn(&Connection, &[&[String]], &Context) -> Result<(), GroupRefusal>;

/// A kind whose consecutive rows with the same key (the cell at `key`, case aside) make one
/// record: the import hands them over together, and they are applied or rejected together.
pub struct Grouped {
    pub key: usize,
    pub apply: GroupApply,
}

/// How `kind`'s rows are grouped, if they are.
pub fn grouped(kind: &Kind) -> Option<Grouped> {
    (kind.name == SCHEME.name).then_some(Grouped {
        key: 0,
        apply: |conn, rows, ctx| {
            let today = crate::clock::today().format("%Y-%m-%d").to_string();
            crate::schemes::upload::apply(conn, rows, ctx.uploader, ctx.max_amount, &today)
        },
    })
}

/// Every kind, for samples, the CLI and the docs.
pub const ALL: &[&Kind] =
    &[&CUSTOMER, &CUSTOMER_DELETE, &PRODUCT, &DISTRIBUTOR, &SCORECARD, &DELIVERY, &ORDER, &SUBINFO, &BEAT, &INVOICE, &SCHEME, &TARGET];

pub fn by_name(name: &str) -> Option<&'static Kind> {
    ALL.iter().copied().find(|k| k.name == name)
}

#[cfg(test)]
mod tests {
    /// The scheme upload reads its cells by the places `crate::schemes::upload` names.
    #[test]
    fn the_scheme_columns_are_where_the_schemes_read_them() {
        let headers: Vec<&str> = super::SCHEME.columns.iter().map(|c| c.header).collect();
        assert_eq!(headers, crate::schemes::upload::HEADERS);
    }
}
