//! Every report, defined once: its name, right, header and the SQL that yields its rows in column
//! order. All reports take the same filter; each reads only the parts it needs. Every query keeps
//! to the caller's scope: `{{scope:COLUMN}}` stands for `Scope::condition(COLUMN)` (on customers'
//! `c.agent_id`, or on the users of the scope), rendered by `reports::with_scope`.

use crate::platform::rights;
use serde::Deserialize;

/// The filter of every report (spec 1 §3 "Report filter", plus the month and lists of the
/// monthly and delivery reports).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Filter {
    pub from_date: Option<String>,
    pub to_date: Option<String>,
    pub search: Option<String>,
    /// 0 or absent: every user type but administrators.
    pub user_type: Option<i64>,
    pub user_types: Vec<i64>,
    pub countries: Vec<String>,
    pub month_year: Option<String>,
    /// DayWise or Summary (productivity), OrderDate or UpdatedDate (delivery).
    pub radio_button: Option<String>,
}

/// How a report's rows are selected. The SELECT names its columns (`AS "Buyer ID"`): they are the
/// workbook's header, so a header can never drift from the values under it. A name may end with
/// its column's kind, which the header does not show (`crate::platform::workbook::Kind`): `:date`
/// ('YYYY-MM-DD' text), `:datetime` ('YYYY-MM-DD HH:MM:SS'), `:time` / `:hms` ('HH:MM[:SS]',
/// shown hh:mm / hh:mm:ss), `:money` (a number in rupees), `:percent` (50 for 50%): each
/// becomes an Excel date, time or number in the company's format, never text.
pub struct Report {
    pub name: &'static str,
    pub title: &'static str,
    pub right: crate::platform::rights::Right,
    /// The SELECT; binds `:from`, `:to` (dates), `:from_ts`, `:to_ts` (timestamps), `:search`,
    /// `:user_types` and `:countries` (JSON arrays, empty = all), `:administrator` (the caller is
    /// one), the user types `:administrator_type`, `:area_manager_type`, `:agent_type`, and the
    /// scope's `:scope_uid` of its `{{scope:COLUMN}}` conditions.
    pub sql: &'static str,
}

impl Report {
    /// Needs fromDate and toDate (or monthYear): the SELECT reads the date window.
    pub fn dated(&self) -> bool {
        self.sql.contains(":from")
    }
}

/// One condition of the filter, as SQL text: `scope` keeps customers `c` to the caller's scope,
/// `country` to the chosen countries (by name) or all, `search` to a buyer id prefix or a name
/// part, `user_type` users `u` to the chosen types or every type but administrators; `window
/// "col"` keeps a timestamp column to `[:from_ts, :to_ts)`, `days "col"` a date column to
/// `[:from, :to)`.
macro_rules! filter {
    (scope) => {
        "{{scope:c.agent_id}}"
    };
    (country) => {
        "(json_array_length(:countries) = 0 OR c.country_id IN (
             SELECT country_id FROM countries WHERE name IN (SELECT value FROM json_each(:countries))))"
    };
    (search) => {
        "(:search IS NULL OR c.buyer_id LIKE :search || '%' OR c.name LIKE '%' || :search || '%')"
    };
    (user_type) => {
        "(CASE WHEN json_array_length(:user_types) = 0 THEN u.user_type_id <> :administrator_type
               ELSE u.user_type_id IN (SELECT value FROM json_each(:user_types)) END)"
    };
    (window $column:literal) => {
        concat!($column, " >= :from_ts AND ", $column, " < :to_ts")
    };
    (days $column:literal) => {
        concat!($column, " >= :from AND ", $column, " < :to")
    };
}

/// Conditions of the filter joined by AND: `filters!(window "v.visited_at", scope, country)`.
macro_rules! filters {
    ($first:ident $($first_column:literal)? $(, $rest:ident $($rest_column:literal)?)*) => {
        concat!(filter!($first $($first_column)?) $(, " AND ", filter!($rest $($rest_column)?))*)
    };
}

// Date and Time are the visit's (the phone's time when it gave one); Device Time and Received At
// are the two clocks, blank for visits saved before check-in verification.
pub const CUSTOMER_VISIT: Report = Report {
    name: "customer-visit",
    title: "Customer Visit",
    right: rights::RPT_CUSTOMER_VISIT,
    sql: concat!(
        r#"SELECT date(v.visited_at, 'unixepoch', 'localtime') AS "Date:date",
                strftime('%H:%M', v.visited_at, 'unixepoch', 'localtime') AS "Time:time",
                c.buyer_id AS "Buyer ID", c.name AS "Buyer Name", c.city AS "City", k.name AS "Country",
                u.email AS "Agent ID", u.name AS "Agent Name", o.name AS "Outcome", v.remark AS "Remark",
                v.latitude AS "Latitude", v.longitude AS "Longitude", e.name AS "Entered By",
                datetime(v.device_time, 'unixepoch', 'localtime') AS "Device Time:datetime",
                datetime(v.received_at, 'unixepoch', 'localtime') AS "Received At:datetime",
                v.distance_m AS "Distance (m)", v.location_status AS "Location Status"
         FROM visits v JOIN customers c ON c.customer_id = v.customer_id JOIN users u ON u.uid = v.agent_id
         JOIN outcomes o ON o.outcome_id = v.outcome_id JOIN users e ON e.uid = v.entered_by
         LEFT JOIN countries k ON k.country_id = c.country_id WHERE "#,
        filters!(window "v.visited_at", scope, user_type, country, search),
        " ORDER BY v.visited_at, v.visit_id"
    ),
};

pub const CUSTOMER_ADD: Report = Report {
    name: "customer-add",
    title: "Customer Add",
    right: rights::RPT_CUSTOMER_ADD,
    sql: concat!(
        r#"SELECT date(c.created_at, 'unixepoch', 'localtime') AS "Created On:date", c.buyer_id AS "Buyer ID",
                c.name AS "Buyer Name", c.mobile AS "Mobile", c.address1 AS "Address", c.city AS "City",
                c.state AS "State", k.name AS "Country", c.retailer_type AS "Retailer Type", u.email AS "Agent ID",
                u.name AS "Agent Name"
         FROM customers c LEFT JOIN users u ON u.uid = c.agent_id LEFT JOIN countries k ON k.country_id = c.country_id
         WHERE "#,
        filters!(window "c.created_at", scope, country, search),
        " ORDER BY c.created_at, c.customer_id"
    ),
};

pub const PROFILE_UPDATE: Report = Report {
    name: "profile-update",
    title: "Profile Update",
    right: rights::RPT_PROFILE_UPDATE,
    sql: concat!(
        r#"SELECT date(p.changed_at, 'unixepoch', 'localtime') AS "Date:date",
                strftime('%H:%M', p.changed_at, 'unixepoch', 'localtime') AS "Time:time", c.buyer_id AS "Buyer ID",
                c.name AS "Buyer Name", u.name AS "Changed By", p.before_json AS "Before", p.after_json AS "After"
         FROM profile_updates p JOIN customers c ON c.customer_id = p.customer_id JOIN users u ON u.uid = p.changed_by
         WHERE "#,
        filters!(window "p.changed_at", scope, country, search),
        " ORDER BY p.changed_at, p.id"
    ),
};

pub const INFO_ADD: Report = Report {
    name: "info-add",
    title: "Info Add",
    right: rights::RPT_INFO_ADD,
    sql: concat!(
        r#"SELECT date(i.created_at, 'unixepoch', 'localtime') AS "Date:date", c.buyer_id AS "Buyer ID",
                c.name AS "Buyer Name", t.name AS "Info Type",
                (SELECT GROUP_CONCAT(s.name, ', ') FROM customer_info_sub_types x JOIN info_sub_types s ON s.info_sub_id = x.info_sub_id
                 WHERE x.info_id = i.id) AS "Sub Types",
                i.remark AS "Remark", (SELECT COUNT(*) FROM customer_info_files f WHERE f.info_id = i.id) AS "Files",
                i.admin_status AS "Status", u.name AS "Entered By"
         FROM customer_info i JOIN customers c ON c.customer_id = i.customer_id JOIN info_types t ON t.info_id = i.info_type_id
         JOIN users u ON u.uid = i.entered_by WHERE "#,
        filters!(window "i.created_at", scope, country, search),
        " ORDER BY i.created_at, i.id"
    ),
};

pub const LOGIN_HISTORY: Report = Report {
    name: "login-history",
    title: "Login History",
    right: rights::RPT_LOGIN_HISTORY,
    sql: r#"SELECT date(a.at, 'unixepoch', 'localtime') AS "Date:date", strftime('%H:%M:%S', a.at, 'unixepoch', 'localtime') AS "Time:hms",
                a.login_id AS "Login ID", u.name AS "Name", t.name AS "User Type", a.method AS "Method",
                CASE WHEN a.success THEN 'Success' ELSE 'Failed' END AS "Result", a.client_addr AS "Client Address",
                a.detail AS "Detail", a.latitude AS "Latitude", a.longitude AS "Longitude"
         FROM login_attempts a LEFT JOIN users u ON u.uid = a.uid LEFT JOIN user_types t ON t.user_type_id = u.user_type_id
         WHERE a.at >= :from_ts AND a.at < :to_ts
           AND {{scope:a.uid}}
           AND (:search IS NULL OR a.login_id LIKE '%' || :search || '%')
         ORDER BY a.at, a.id"#,
};

pub const AUDIT: Report = Report {
    name: "audit",
    title: "Impersonation Audit",
    right: rights::RPT_LOGIN_HISTORY,
    sql: r#"SELECT date(l.at, 'unixepoch', 'localtime') AS "Date:date", strftime('%H:%M:%S', l.at, 'unixepoch', 'localtime') AS "Time:hms",
                 a.email AS "Administrator", u.email AS "Acting As", l.action AS "Action", l.status AS "Status"
          FROM audit_log l JOIN users a ON a.uid = l.actor_uid JOIN users u ON u.uid = l.as_uid
          WHERE l.at >= :from_ts AND l.at < :to_ts AND :administrator
            AND (:search IS NULL OR a.email LIKE '%' || :search || '%' OR u.email LIKE '%' || :search || '%')
          ORDER BY l.at, l.id"#,
};

pub const PRODUCTIVITY: Report = Report {
    name: "productivity",
    title: "Productivity (Day Wise)",
    right: rights::RPT_PRODUCTIVITY,
    sql: concat!(
        "WITH days AS (
             SELECT date(v.visited_at, 'unixepoch', 'localtime') AS day, v.agent_id, COUNT(*) AS visits,
                    COUNT(DISTINCT v.customer_id) AS customers
             FROM visits v JOIN customers c ON c.customer_id = v.customer_id WHERE ",
        filters!(window "v.visited_at", scope, country),
        r#"
             GROUP BY day, v.agent_id),
         -- The customers each agent added each day, counted once: asked of every row instead, it
         -- read all the customers again per agent and day (99 s for a month of 200 agents and
         -- 200,000 customers). The window's ends are local midnights, so a day of `days` is whole.
         added AS (
             SELECT date(n.created_at, 'unixepoch', 'localtime') AS day, n.created_by AS agent_id, COUNT(*) AS customers
             FROM customers n WHERE n.created_at >= :from_ts AND n.created_at < :to_ts AND n.created_by IS NOT NULL
             GROUP BY day, n.created_by)
         SELECT d.day AS "Date:date", u.email AS "Agent ID", u.name AS "Agent Name", d.visits AS "Visits",
                d.customers AS "Customers Visited", COALESCE(a.customers, 0) AS "Customers Added"
         FROM days d JOIN users u ON u.uid = d.agent_id LEFT JOIN added a ON a.day = d.day AND a.agent_id = d.agent_id
         WHERE "#,
        filters!(user_type),
        " ORDER BY d.day, u.email"
    ),
};

pub const PRODUCTIVITY_SUMMARY: Report = Report {
    name: "productivitysummary",
    title: "Productivity (Summary)",
    right: rights::RPT_PRODUCTIVITY,
    sql: concat!(
        r#"SELECT u.email AS "Agent ID", u.name AS "Agent Name",
                COUNT(DISTINCT date(v.visited_at, 'unixepoch', 'localtime')) AS "Days Worked", COUNT(*) AS "Visits",
                COUNT(DISTINCT v.customer_id) AS "Customers Visited",
                ROUND(COUNT(*) * 1.0 / COUNT(DISTINCT date(v.visited_at, 'unixepoch', 'localtime')), 2) AS "Average Visits a Day"
         FROM visits v JOIN customers c ON c.customer_id = v.customer_id JOIN users u ON u.uid = v.agent_id WHERE "#,
        filters!(window "v.visited_at", scope, user_type, country),
        " GROUP BY u.uid ORDER BY u.email"
    ),
};

pub const MONTHLY_SUMMARY: Report = Report {
    name: "monthly-summary",
    title: "Monthly Summary",
    right: rights::RPT_PRODUCTIVITY,
    sql: concat!(
        r#"SELECT u.email AS "Agent ID", u.name || CASE WHEN u.is_deleted THEN ' (deleted)' ELSE '' END AS "Agent Name",
                t.name AS "User Type", k.name AS "Country",
                (SELECT COUNT(*) FROM customers c WHERE c.agent_id = u.uid AND "#,
        filters!(country),
        r#") AS "Customers",
                (SELECT COUNT(*) FROM visits v JOIN customers c ON c.customer_id = v.customer_id
                  WHERE v.agent_id = u.uid AND "#,
        filters!(window "v.visited_at", country),
        r#") AS "Visits",
                (SELECT COUNT(DISTINCT v.customer_id) FROM visits v JOIN customers c ON c.customer_id = v.customer_id
                  WHERE v.agent_id = u.uid AND "#,
        filters!(window "v.visited_at", country),
        r#") AS "Customers Visited",
                (SELECT COUNT(DISTINCT o.order_id) FROM order_lines o JOIN customers c ON c.customer_id = o.customer_id
                  WHERE c.agent_id = u.uid AND "#,
        filters!(days "o.order_date", country),
        r#") AS "Orders",
                (SELECT COALESCE(SUM(o.taxable_paise), 0) / 100.0 FROM order_lines o
                  JOIN customers c ON c.customer_id = o.customer_id
                  WHERE c.agent_id = u.uid AND "#,
        filters!(days "o.order_date", country),
        r#") AS "Order Value:money"
         FROM users u JOIN user_types t ON t.user_type_id = u.user_type_id LEFT JOIN countries k ON k.country_id = u.country_id
         WHERE (u.is_deleted = 0 OR u.user_type_id = :agent_type) AND u.user_type_id <> :area_manager_type AND "#,
        filters!(user_type),
        "
           AND ",
        "{{scope:u.uid}}
         ORDER BY u.email"
    ),
};

pub const MONTHLY_SUMMARY_AM: Report = Report {
    name: "monthly-summary-am",
    title: "Monthly Summary AM",
    right: rights::RPT_PRODUCTIVITY,
    sql: concat!(
        r#"SELECT m.email AS "AM ID", m.name AS "AM Name", k.name AS "Country",
                (SELECT COUNT(*) FROM users a WHERE a.manager_id = m.uid) AS "Agents",
                (SELECT COUNT(*) FROM customers c JOIN users a ON a.uid = c.agent_id WHERE a.manager_id = m.uid AND "#,
        filters!(country),
        r#") AS "Customers",
                (SELECT COUNT(*) FROM visits v JOIN customers c ON c.customer_id = v.customer_id JOIN users a ON a.uid = v.agent_id
                  WHERE a.manager_id = m.uid AND "#,
        filters!(window "v.visited_at", country),
        r#") AS "Visits",
                (SELECT COUNT(DISTINCT v.customer_id) FROM visits v JOIN customers c ON c.customer_id = v.customer_id
                  JOIN users a ON a.uid = v.agent_id
                  WHERE a.manager_id = m.uid AND "#,
        filters!(window "v.visited_at", country),
        r#") AS "Customers Visited",
                (SELECT COUNT(DISTINCT o.order_id) FROM order_lines o JOIN customers c ON c.customer_id = o.customer_id
                  JOIN users a ON a.uid = c.agent_id
                  WHERE a.manager_id = m.uid AND "#,
        filters!(days "o.order_date", country),
        r#") AS "Orders",
                (SELECT COALESCE(SUM(o.taxable_paise), 0) / 100.0 FROM order_lines o
                  JOIN customers c ON c.customer_id = o.customer_id JOIN users a ON a.uid = c.agent_id
                  WHERE a.manager_id = m.uid AND "#,
        filters!(days "o.order_date", country),
        r#") AS "Order Value:money"
         FROM users m LEFT JOIN countries k ON k.country_id = m.country_id
         WHERE m.is_deleted = 0 AND m.user_type_id = :area_manager_type AND {{scope:m.uid}}
           AND (json_array_length(:user_types) = 0 OR :area_manager_type IN (SELECT value FROM json_each(:user_types)))
         ORDER BY m.email"#
    ),
};

pub const DELIVERY: Report = Report {
    name: "delivery",
    title: "Delivery",
    right: rights::RPT_PRODUCTIVITY,
    sql: concat!(
        r#"SELECT d.order_id AS "Order ID", d.order_date AS "Order Date:date", d.planned_delivery_date AS "Planned Delivery Date:date",
                c.buyer_id AS "Buyer ID", c.name AS "Buyer Name", d.seller_name AS "Distributor", s.name AS "Delivery Status",
                r.code AS "Reason", d.other_reason AS "Other Reason", COALESCE(d.approve_status, 'Open') AS "Approval",
                d.rejected_reason AS "Rejected Reason", date(d.updated_at, 'unixepoch', 'localtime') AS "Updated On:date",
                u.email AS "Agent ID"
         FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id LEFT JOIN users u ON u.uid = c.agent_id
         LEFT JOIN delivery_statuses s ON s.delivery_status_id = d.delivery_status_id
         LEFT JOIN additional_reasons r ON r.reason_code_id = d.reason_code_id
         WHERE (CASE WHEN :by_updated THEN "#,
        filter!(window "d.updated_at"),
        " ELSE ",
        filter!(days "d.order_date"),
        " END) AND ",
        filters!(scope, country),
        " ORDER BY d.order_date, d.order_id"
    ),
};

// Every order line, uploaded ('upload') or booked in the app ('app', with its order's status, or
// Awaiting approval while held over a credit limit; cancelled and rejected orders have left the
// order lines), in date order. Agent and manager are the customer's; Booked By is the user who
// booked an app order.
pub const ORDERS: Report = Report {
    name: "orders",
    title: "Orders",
    right: rights::RPT_ORDERS,
    sql: concat!(
        r#"SELECT o.order_date AS "Order Date:date", o.order_id AS "Order ID", o.source AS "Source",
                CASE WHEN a.credit_hold = 'awaiting' AND a.status = 'Submitted' THEN 'Awaiting approval' ELSE a.status END AS "Status",
                c.buyer_id AS "Buyer ID", c.name AS "Buyer Name", u.email AS "Agent ID", u.name AS "Agent Name",
                m.name AS "Manager", o.seller_name AS "Distributor", o.product_name AS "Product", o.sku AS "SKU",
                o.qty_shipped AS "Quantity", o.unit_price_paise / 100.0 AS "Unit Price:money",
                o.gross_paise / 100.0 AS "Gross:money", o.discount_paise / 100.0 AS "Discount:money",
                o.taxable_paise / 100.0 AS "Taxable Value:money", o.gst_rate_bp / 100.0 AS "GST %",
                o.cgst_paise / 100.0 AS "CGST:money", o.sgst_paise / 100.0 AS "SGST:money", o.igst_paise / 100.0 AS "IGST:money",
                o.line_total_paise / 100.0 AS "Line Total:money", b.name AS "Booked By"
         FROM order_lines o JOIN customers c ON c.customer_id = o.customer_id
         LEFT JOIN users u ON u.uid = c.agent_id LEFT JOIN users m ON m.uid = u.manager_id
         LEFT JOIN orders a ON o.source = 'app' AND a.order_id = CAST(substr(o.order_id, 4) AS INTEGER)
         LEFT JOIN users b ON b.uid = a.booked_by WHERE "#,
        filters!(days "o.order_date", scope, country, search),
        " ORDER BY o.order_date, o.line_id"
    ),
};

pub const MY_CUSTOMER: Report = Report {
    name: "mycustomer",
    title: "My Customer",
    right: rights::RPT_MY_CUSTOMER,
    sql: concat!(
        r#"SELECT c.buyer_id AS "Buyer ID", c.name AS "Buyer Name", c.mobile AS "Mobile", c.city AS "City",
                k.name AS "Country", c.retailer_type AS "Retailer Type", u.email AS "Agent ID",
                (SELECT date(MAX(v.visited_at), 'unixepoch', 'localtime') FROM visits v WHERE v.customer_id = c.customer_id)
                    AS "Last Visit:date",
                (SELECT MAX(o.order_date) FROM order_lines o WHERE o.customer_id = c.customer_id) AS "Last Order:date"
         FROM customers c LEFT JOIN users u ON u.uid = c.agent_id LEFT JOIN countries k ON k.country_id = c.country_id
         WHERE "#,
        filters!(scope, country, search),
        " ORDER BY c.buyer_id"
    ),
};

pub const BUYER_DETAILS: Report = Report {
    name: "buyer-details",
    title: "Buyer Details",
    right: rights::RPT_BUYER_IMAGES,
    sql: concat!(
        r#"SELECT c.buyer_id AS "Buyer ID", c.name AS "Buyer Name", k.name AS "Country", t.name AS "Info Type",
                date(i.created_at, 'unixepoch', 'localtime') AS "Date:date", i.remark AS "Remark",
                (SELECT original_name FROM customer_info_files WHERE info_id = i.id AND slot = 1) AS "File 1",
                (SELECT original_name FROM customer_info_files WHERE info_id = i.id AND slot = 2) AS "File 2",
                (SELECT original_name FROM customer_info_files WHERE info_id = i.id AND slot = 3) AS "File 3"
         FROM customer_info i JOIN customers c ON c.customer_id = i.customer_id JOIN info_types t ON t.info_id = i.info_type_id
         LEFT JOIN countries k ON k.country_id = c.country_id
         WHERE EXISTS (SELECT 1 FROM customer_info_files f WHERE f.info_id = i.id) AND "#,
        filters!(scope, country),
        " ORDER BY c.buyer_id, i.created_at"
    ),
};

// Per day and agent with a plan or a visit; the definitions are those of `beats::plan`.
pub const BEAT_ADHERENCE: Report =
    Report { name: "beat-adherence", title: "Beat Adherence", right: rights::RPT_BEAT_ADHERENCE, sql: crate::beats::ADHERENCE_REPORT_SQL };

// Collections (issue #38). One row per payment collected in the window (the phone's time), of the
// caller's scope by the payment's agent; Reference is the UPI/bank reference, or a cheque's number
// and bank. Reversed payments stay listed with their status, time and reason.
pub const COLLECTIONS: Report = Report {
    name: "collections",
    title: "Collections",
    right: rights::COLLECTIONS_REVIEW,
    sql: concat!(
        r#"SELECT p.receipt_no AS "Receipt No", date(p.collected_at, 'unixepoch', 'localtime') AS "Date:date", a.name AS "Agent",
                c.buyer_id AS "Customer ID", c.name AS "Customer Name", p.mode AS "Mode",
                COALESCE(p.reference, p.cheque_no || COALESCE(' ' || p.bank, '')) AS "Reference",
                p.amount_paise / 100.0 AS "Amount:money", (p.amount_paise - p.unallocated_paise) / 100.0 AS "Allocated:money",
                p.unallocated_paise / 100.0 AS "Unallocated:money", p.status AS "Status",
                datetime(p.deposited_at, 'unixepoch', 'localtime') AS "Deposited At:datetime",
                datetime(p.reversed_at, 'unixepoch', 'localtime') AS "Reversed At:datetime", p.reversal_reason AS "Reason"
         FROM payments p JOIN customers c ON c.customer_id = p.customer_id JOIN users a ON a.uid = p.agent_id
         WHERE "#,
        filters!(window "p.collected_at", country, search),
        " AND {{scope:p.agent_id}} ORDER BY p.collected_at, p.payment_id"
    ),
};

// What each customer of the caller's scope owes today (open invoices only), aged by days past the
// due date as `GET /users/customer/outstanding/{buyerId}` ages it (not yet due: 0-30), with their
// agent and their last payment not reversed.
pub const OUTSTANDING: Report = Report {
    name: "outstanding",
    title: "Outstanding",
    right: rights::COLLECTIONS_REVIEW,
    sql: concat!(
        r#"WITH open_invoices AS (
             SELECT i.customer_id, i.amount_paise - i.paid_paise AS balance,
                    MAX(0, CAST(julianday(date('now', 'localtime')) - julianday(i.due_date) AS INTEGER)) AS days
             FROM invoices i WHERE i.paid_paise < i.amount_paise)
         SELECT c.buyer_id AS "Customer ID", c.name AS "Name", u.name AS "Agent",
                SUM(o.balance) / 100.0 AS "Total Outstanding:money",
                SUM(CASE WHEN o.days <= 30 THEN o.balance ELSE 0 END) / 100.0 AS "0-30:money",
                SUM(CASE WHEN o.days BETWEEN 31 AND 60 THEN o.balance ELSE 0 END) / 100.0 AS "31-60:money",
                SUM(CASE WHEN o.days BETWEEN 61 AND 90 THEN o.balance ELSE 0 END) / 100.0 AS "61-90:money",
                SUM(CASE WHEN o.days > 90 THEN o.balance ELSE 0 END) / 100.0 AS "90+:money",
                (SELECT date(p.collected_at, 'unixepoch', 'localtime') FROM payments p
                  WHERE p.customer_id = c.customer_id AND p.status <> 'reversed'
                  ORDER BY p.collected_at DESC, p.payment_id DESC LIMIT 1) AS "Last Payment Date:date",
                (SELECT p.amount_paise / 100.0 FROM payments p
                  WHERE p.customer_id = c.customer_id AND p.status <> 'reversed'
                  ORDER BY p.collected_at DESC, p.payment_id DESC LIMIT 1) AS "Last Payment Amount:money"
         FROM open_invoices o JOIN customers c ON c.customer_id = o.customer_id LEFT JOIN users u ON u.uid = c.agent_id
         WHERE "#,
        filters!(scope, country, search),
        " GROUP BY c.customer_id ORDER BY c.buyer_id"
    ),
};

// Visit photos (issue #37), by the time each was taken; Similar To is the photo this one repeats
// (the same bytes or a near copy), Link the photo's URL (opened with the reader's session).
pub const VISIT_PHOTOS: Report = Report {
    name: "visit-photos",
    title: "Visit Photos",
    right: rights::PHOTO_REVIEW,
    sql: concat!(
        r#"SELECT u.name AS "Agent", c.buyer_id AS "Customer ID", c.name AS "Customer Name",
                date(v.visited_at, 'unixepoch', 'localtime') AS "Visit Date:date", p.label AS "Label",
                datetime(p.taken_at, 'unixepoch', 'localtime') AS "Taken At:datetime",
                datetime(p.received_at, 'unixepoch', 'localtime') AS "Received At:datetime",
                CASE WHEN p.flagged THEN 'Yes' ELSE 'No' END AS "Flagged", p.similar_to AS "Similar To",
                '/webapi/api/users/visit/photo/' || p.photo_id || '/file' AS "Link"
         FROM visit_photos p JOIN visits v ON v.visit_id = p.visit_id JOIN customers c ON c.customer_id = p.customer_id
         JOIN users u ON u.uid = p.agent_id WHERE "#,
        filters!(window "p.taken_at", country, search),
        " AND {{scope:p.agent_id}} ORDER BY p.taken_at, p.photo_id"
    ),
};

// The working day (issue #37), one row per agent and day with a start, payroll-ready: times as
// HH:MM, Hours, counts, Order Value and Distance (km) as numbers. A day not ended is closed 30
// minutes after its last activity once the day is over (attendance::days::close_time); Distance
// sums the steps between the day's consecutive visit positions (SQL function distance_m, geo).
// Each tap beside with its phone's time, the time it arrived and whether it was a claim (issue
// #49: a claimed end of a day already past is only there; End is the automatic close).
pub const ATTENDANCE: Report = Report {
    name: "attendance",
    title: "Attendance",
    right: rights::ATTENDANCE_REVIEW,
    sql: r#"WITH days AS (
             SELECT d.agent_id, d.work_date, d.started_at, d.start_how, d.ended_at, d.end_how,
                    d.start_device_time, d.start_received_at, d.start_claimed, d.end_device_time, d.end_received_at, d.end_claimed,
                    CAST(strftime('%s', d.work_date, 'utc') AS INTEGER) AS day_from,
                    CAST(strftime('%s', d.work_date, '+1 day', 'utc') AS INTEGER) AS day_to
             FROM work_days d WHERE d.work_date >= :from AND d.work_date < :to AND {{scope:d.agent_id}}),
         figures AS (
             SELECT s.*,
                    (SELECT MIN(v.visited_at) FROM visits v WHERE v.agent_id = s.agent_id AND v.visited_at >= s.day_from AND v.visited_at < s.day_to) AS first_visit,
                    (SELECT MAX(v.visited_at) FROM visits v WHERE v.agent_id = s.agent_id AND v.visited_at >= s.day_from AND v.visited_at < s.day_to) AS last_visit,
                    (SELECT COUNT(*) FROM visits v WHERE v.agent_id = s.agent_id AND v.visited_at >= s.day_from AND v.visited_at < s.day_to) AS visits,
                    (SELECT COUNT(*) FROM visits v WHERE v.agent_id = s.agent_id AND v.visited_at >= s.day_from AND v.visited_at < s.day_to
                       AND v.location_status = 'verified') AS verified,
                    (SELECT COUNT(*) FROM orders o WHERE o.agent_id = s.agent_id AND o.order_date = s.work_date AND o.status <> 'Cancelled') AS orders,
                    (SELECT COALESCE(SUM(o.taxable_paise), 0) FROM orders o WHERE o.agent_id = s.agent_id AND o.order_date = s.work_date
                       AND o.status <> 'Cancelled') AS order_paise,
                    (SELECT SUM(step) FROM (
                        SELECT distance_m(LAG(v.latitude) OVER w, LAG(v.longitude) OVER w, v.latitude, v.longitude) AS step
                        FROM visits v WHERE v.agent_id = s.agent_id AND v.visited_at >= s.day_from AND v.visited_at < s.day_to
                          AND v.latitude IS NOT NULL AND v.longitude IS NOT NULL
                        WINDOW w AS (ORDER BY v.visited_at, v.visit_id))) AS distance_m,
                    MAX(s.started_at,
                        COALESCE((SELECT MAX(v.visited_at) FROM visits v WHERE v.agent_id = s.agent_id AND v.visited_at >= s.day_from AND v.visited_at < s.day_to), 0),
                        COALESCE((SELECT MAX(o.created_at) FROM orders o WHERE o.agent_id = s.agent_id AND o.created_at >= s.day_from AND o.created_at < s.day_to), 0),
                        COALESCE((SELECT MAX(p.collected_at) FROM payments p WHERE p.agent_id = s.agent_id AND p.collected_at >= s.day_from AND p.collected_at < s.day_to), 0),
                        COALESCE((SELECT MAX(f.taken_at) FROM visit_photos f WHERE f.agent_id = s.agent_id AND f.taken_at >= s.day_from AND f.taken_at < s.day_to), 0)
                    ) AS last_activity
             FROM days s),
         closed AS (
             SELECT f.*,
                    COALESCE(f.ended_at, CASE WHEN f.work_date < date('now', 'localtime') THEN f.last_activity + 1800 END) AS end_at,
                    COALESCE(f.end_how, CASE WHEN f.work_date < date('now', 'localtime') THEN 'automatic' END) AS end_how_shown
             FROM figures f)
         SELECT u.name AS "Agent", u.email AS "Agent ID", c.work_date AS "Date:date",
                strftime('%H:%M', c.started_at, 'unixepoch', 'localtime') AS "Start:time",
                strftime('%H:%M', c.end_at, 'unixepoch', 'localtime') AS "End:time",
                ROUND((c.end_at - c.started_at) / 3600.0, 2) AS "Hours",
                c.start_how AS "Start How", c.end_how_shown AS "End How",
                datetime(c.start_device_time, 'unixepoch', 'localtime') AS "Start Device Time:datetime",
                datetime(c.start_received_at, 'unixepoch', 'localtime') AS "Start Received At:datetime",
                CASE WHEN c.start_received_at IS NULL THEN NULL WHEN c.start_claimed THEN 'Yes' ELSE 'No' END AS "Start Claimed",
                datetime(c.end_device_time, 'unixepoch', 'localtime') AS "End Device Time:datetime",
                datetime(c.end_received_at, 'unixepoch', 'localtime') AS "End Received At:datetime",
                CASE WHEN c.end_received_at IS NULL THEN NULL WHEN c.end_claimed THEN 'Yes' ELSE 'No' END AS "End Claimed",
                strftime('%H:%M', c.first_visit, 'unixepoch', 'localtime') AS "First Visit:time",
                strftime('%H:%M', c.last_visit, 'unixepoch', 'localtime') AS "Last Visit:time",
                c.visits AS "Visits", c.verified AS "Verified Visits", c.orders AS "Orders",
                c.order_paise / 100.0 AS "Order Value:money",
                ROUND(COALESCE(c.distance_m, 0) / 1000.0, 2) AS "Distance (km)"
         FROM closed c JOIN users u ON u.uid = c.agent_id
         ORDER BY c.work_date, u.name, u.uid"#,
};

// What each scheme gave (issue #52), by month, scheme, agent and customer: the amounts it took off
// the order lines (`order_line_schemes`) and the free pieces it gave (`order_free_lines`) of the
// orders booked in the window, not cancelled nor rejected over a credit limit. The scheme's name is
// its current version's; Agent is the order's (the customer's agent when it was booked).
pub const SCHEMES: Report = Report {
    name: "schemes",
    title: "Schemes",
    right: rights::RPT_ORDERS,
    sql: concat!(
        r#"WITH given AS (
             SELECT order_id, scheme_id, amount_paise AS amount, 0 AS free FROM order_line_schemes
             UNION ALL
             SELECT order_id, scheme_id, 0, quantity FROM order_free_lines)
         SELECT substr(o.order_date, 1, 7) AS "Month", g.scheme_id AS "Scheme ID",
                (SELECT s.name FROM schemes s WHERE s.scheme_id = g.scheme_id ORDER BY s.version DESC LIMIT 1) AS "Scheme",
                u.name AS "Agent", u.email AS "Agent ID", c.buyer_id AS "Buyer ID", c.name AS "Buyer Name",
                COUNT(DISTINCT o.order_id) AS "Orders", SUM(g.amount) / 100.0 AS "Discount:money", SUM(g.free) AS "Free Pieces"
         FROM given g JOIN orders o ON o.order_id = g.order_id JOIN customers c ON c.customer_id = o.customer_id
         LEFT JOIN users u ON u.uid = o.agent_id
         WHERE o.status <> 'Cancelled' AND o.credit_hold IS NOT 'rejected' AND "#,
        filters!(days "o.order_date", scope, country, search),
        r#" GROUP BY substr(o.order_date, 1, 7), g.scheme_id, o.agent_id, o.customer_id
         ORDER BY "Month", g.scheme_id, u.name, c.buyer_id"#
    ),
};
// Targets (issue #53): per agent of the caller's scope and measure, the month of the filter
// (monthYear, or fromDate's month), its target and what was achieved, in the figures of
// `GET /users/targets` (the same SQL: `targets::queries`).
pub const TARGETS: Report =
    Report { name: "targets", title: "Targets", right: rights::TARGET_MASTER, sql: crate::targets::queries::REPORT_SQL };

// Goods given back (issue #54): one row per line of the returns recorded in the window, with the
// return's reason, state and who decided; values as recorded (taxable + tax, decision 40).
pub const RETURNS: Report = Report {
    name: "returns",
    title: "Returns",
    right: rights::RETURN_APPROVAL,
    sql: concat!(
        r#"SELECT r.return_id AS "Return ID", date(r.created_at, 'unixepoch', 'localtime') AS "Date:date", a.name AS "Agent",
                c.buyer_id AS "Buyer ID", c.name AS "Buyer Name", r.reason AS "Reason", p.name AS "Product", l.quantity AS "Quantity",
                l.batch AS "Batch", l.expiry AS "Expiry:date", l.valued_from AS "Valued At",
                l.taxable_paise / 100.0 AS "Taxable:money", l.tax_paise / 100.0 AS "Tax:money",
                (l.taxable_paise + l.tax_paise) / 100.0 AS "Value:money", r.status AS "Status",
                d.name AS "Decided By", datetime(r.decided_at, 'unixepoch', 'localtime') AS "Decided At:datetime",
                r.decision_reason AS "Decision Reason"
         FROM returns r JOIN return_lines l ON l.return_id = r.return_id JOIN products p ON p.product_id = l.product_id
         JOIN customers c ON c.customer_id = r.customer_id LEFT JOIN users a ON a.uid = r.agent_id
         LEFT JOIN users d ON d.uid = r.decided_by
         WHERE "#,
        filters!(window "r.created_at", country, search),
        " AND {{scope:r.agent_id}} ORDER BY r.created_at, r.return_id, l.line_no"
    ),
};

pub const ALL: &[&Report] = &[
    &CUSTOMER_VISIT,
    &CUSTOMER_ADD,
    &PROFILE_UPDATE,
    &INFO_ADD,
    &LOGIN_HISTORY,
    &AUDIT,
    &PRODUCTIVITY,
    &PRODUCTIVITY_SUMMARY,
    &MONTHLY_SUMMARY,
    &MONTHLY_SUMMARY_AM,
    &DELIVERY,
    &ORDERS,
    &BEAT_ADHERENCE,
    &VISIT_PHOTOS,
    &ATTENDANCE,
    &MY_CUSTOMER,
    &BUYER_DETAILS,
    &COLLECTIONS,
    &OUTSTANDING,
    &SCHEMES,
    &TARGETS,
    &RETURNS,
];

pub fn by_name(name: &str) -> Option<&'static Report> {
    ALL.iter().copied().find(|r| r.name == name)
}
