//! Every report, defined once: its name, right, header and the SQL that yields its rows in column
//! order. All reports take the same filter; each reads only the parts it needs. Every query keeps
//! to the caller's scope (`CUSTOMER_IN_SCOPE` on customers `c`, or the users of the scope).

use crate::rights;
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

/// How a report's rows are selected.
pub struct Report {
    pub name: &'static str,
    pub title: &'static str,
    pub right: &'static str,
    /// Needs fromDate and toDate (or monthYear).
    pub dated: bool,
    pub columns: &'static [&'static str],
    /// The SELECT; binds `:from`, `:to` (dates), `:from_ts`, `:to_ts` (timestamps), `:search`,
    /// `:user_types` and `:countries` (JSON arrays, empty = all), and the scope parameters.
    pub sql: &'static str,
}

/// One condition of the filter, as SQL text: `scope` keeps customers `c` to the caller's scope,
/// `country` to the chosen countries (by name) or all, `search` to a buyer id prefix or a name
/// part, `user_type` users `u` to the chosen types or every type but administrators.
macro_rules! filter {
    (scope) => {
        crate::agent_in_scope!("c.agent_id")
    };
    (country) => {
        "(json_array_length(:countries) = 0 OR c.country_id IN (
             SELECT country_id FROM countries WHERE name IN (SELECT value FROM json_each(:countries))))"
    };
    (search) => {
        "(:search IS NULL OR c.buyer_id LIKE :search || '%' OR c.name LIKE '%' || :search || '%')"
    };
    (user_type) => {
        "(CASE WHEN json_array_length(:user_types) = 0 THEN u.user_type_id <> 1
               ELSE u.user_type_id IN (SELECT value FROM json_each(:user_types)) END)"
    };
}

/// Conditions of the filter joined by AND: `filters!(scope, country, search)`.
macro_rules! filters {
    ($first:ident $(, $rest:ident)*) => {
        concat!(filter!($first) $(, " AND ", filter!($rest))*)
    };
}

pub const CUSTOMER_VISIT: Report = Report {
    name: "customer-visit",
    title: "Customer Visit",
    right: rights::RPT_CUSTOMER_VISIT,
    dated: true,
    columns: &[
        "Date",
        "Time",
        "Buyer ID",
        "Buyer Name",
        "City",
        "Country",
        "Agent ID",
        "Agent Name",
        "Outcome",
        "Remark",
        "Latitude",
        "Longitude",
        "Entered By",
        "Device Time",
        "Received At",
        "Distance (m)",
        "Location Status",
    ],
    // Date and Time are the visit's (the phone's time when it gave one); Device Time and Received
    // At are the two clocks, blank for visits saved before check-in verification.
    sql: concat!(
        "SELECT date(v.visited_at, 'unixepoch', 'localtime'), strftime('%H:%M', v.visited_at, 'unixepoch', 'localtime'),
                c.buyer_id, c.name, c.city, k.name, u.email, u.name, o.name, v.remark, v.latitude, v.longitude, e.name,
                datetime(v.device_time, 'unixepoch', 'localtime'), datetime(v.received_at, 'unixepoch', 'localtime'),
                v.distance_m, v.location_status
         FROM visits v JOIN customers c ON c.customer_id = v.customer_id JOIN users u ON u.uid = v.agent_id
         JOIN outcomes o ON o.outcome_id = v.outcome_id JOIN users e ON e.uid = v.entered_by
         LEFT JOIN countries k ON k.country_id = c.country_id
         WHERE v.visited_at >= :from_ts AND v.visited_at < :to_ts AND ",
        filters!(scope, user_type, country, search),
        " ORDER BY v.visited_at, v.visit_id"
    ),
};

pub const CUSTOMER_ADD: Report = Report {
    name: "customer-add",
    title: "Customer Add",
    right: rights::RPT_CUSTOMER_ADD,
    dated: true,
    columns: &[
        "Created On",
        "Buyer ID",
        "Buyer Name",
        "Mobile",
        "Address",
        "City",
        "State",
        "Country",
        "Retailer Type",
        "Agent ID",
        "Agent Name",
    ],
    sql: concat!(
        "SELECT date(c.created_at, 'unixepoch', 'localtime'), c.buyer_id, c.name, c.mobile, c.address1, c.city, c.state,
                k.name, c.retailer_type, u.email, u.name
         FROM customers c LEFT JOIN users u ON u.uid = c.agent_id LEFT JOIN countries k ON k.country_id = c.country_id
         WHERE c.created_at >= :from_ts AND c.created_at < :to_ts AND ",
        filters!(scope, country, search),
        " ORDER BY c.created_at, c.customer_id"
    ),
};

pub const PROFILE_UPDATE: Report = Report {
    name: "profile-update",
    title: "Profile Update",
    right: rights::RPT_PROFILE_UPDATE,
    dated: true,
    columns: &["Date", "Time", "Buyer ID", "Buyer Name", "Changed By", "Before", "After"],
    sql: concat!(
        "SELECT date(p.changed_at, 'unixepoch', 'localtime'), strftime('%H:%M', p.changed_at, 'unixepoch', 'localtime'),
                c.buyer_id, c.name, u.name, p.before_json, p.after_json
         FROM profile_updates p JOIN customers c ON c.customer_id = p.customer_id JOIN users u ON u.uid = p.changed_by
         WHERE p.changed_at >= :from_ts AND p.changed_at < :to_ts AND ",
        filters!(scope, country, search),
        " ORDER BY p.changed_at, p.id"
    ),
};

pub const INFO_ADD: Report = Report {
    name: "info-add",
    title: "Info Add",
    right: rights::RPT_INFO_ADD,
    dated: true,
    columns: &["Date", "Buyer ID", "Buyer Name", "Info Type", "Sub Types", "Remark", "Files", "Status", "Entered By"],
    sql: concat!(
        "SELECT date(i.created_at, 'unixepoch', 'localtime'), c.buyer_id, c.name, t.name,
                (SELECT GROUP_CONCAT(s.name, ', ') FROM customer_info_sub_types x JOIN info_sub_types s ON s.info_sub_id = x.info_sub_id WHERE x.info_id = i.id),
                i.remark, (SELECT COUNT(*) FROM customer_info_files f WHERE f.info_id = i.id), i.admin_status, u.name
         FROM customer_info i JOIN customers c ON c.customer_id = i.customer_id JOIN info_types t ON t.info_id = i.info_type_id
         JOIN users u ON u.uid = i.entered_by
         WHERE i.created_at >= :from_ts AND i.created_at < :to_ts AND ", filters!(scope, country, search), " ORDER BY i.created_at, i.id"
    ),
};

pub const LOGIN_HISTORY: Report = Report {
    name: "login-history",
    title: "Login History",
    right: rights::RPT_LOGIN_HISTORY,
    dated: true,
    columns: &["Date", "Time", "Login ID", "Name", "User Type", "Method", "Result", "Client Address", "Detail", "Latitude", "Longitude"],
    sql: "SELECT date(a.at, 'unixepoch', 'localtime'), strftime('%H:%M:%S', a.at, 'unixepoch', 'localtime'), a.login_id,
                u.name, t.name, a.method, CASE WHEN a.success THEN 'Success' ELSE 'Failed' END, a.client_addr, a.detail,
                a.latitude, a.longitude
         FROM login_attempts a LEFT JOIN users u ON u.uid = a.uid LEFT JOIN user_types t ON t.user_type_id = u.user_type_id
         WHERE a.at >= :from_ts AND a.at < :to_ts
           AND (:scope_all OR a.uid = :scope_own OR a.uid IN (SELECT uid FROM users WHERE manager_id = :scope_manager))
           AND (:search IS NULL OR a.login_id LIKE '%' || :search || '%')
         ORDER BY a.at, a.id",
};

pub const AUDIT: Report = Report {
    name: "audit",
    title: "Impersonation Audit",
    right: rights::RPT_LOGIN_HISTORY,
    dated: true,
    columns: &["Date", "Time", "Administrator", "Acting As", "Action", "Status"],
    sql: "SELECT date(l.at, 'unixepoch', 'localtime'), strftime('%H:%M:%S', l.at, 'unixepoch', 'localtime'),
                 a.email, u.email, l.action, l.status
          FROM audit_log l JOIN users a ON a.uid = l.actor_uid JOIN users u ON u.uid = l.as_uid
          WHERE l.at >= :from_ts AND l.at < :to_ts AND :scope_all
            AND (:search IS NULL OR a.email LIKE '%' || :search || '%' OR u.email LIKE '%' || :search || '%')
          ORDER BY l.at, l.id",
};

pub const PRODUCTIVITY: Report = Report {
    name: "productivity",
    title: "Productivity (Day Wise)",
    right: rights::RPT_PRODUCTIVITY,
    dated: true,
    columns: &["Date", "Agent ID", "Agent Name", "Visits", "Customers Visited", "Customers Added"],
    sql: concat!(
        "WITH days AS (
             SELECT date(v.visited_at, 'unixepoch', 'localtime') AS day, v.agent_id, COUNT(*) AS visits,
                    COUNT(DISTINCT v.customer_id) AS customers
             FROM visits v JOIN customers c ON c.customer_id = v.customer_id
             WHERE v.visited_at >= :from_ts AND v.visited_at < :to_ts AND ",
        filters!(scope, country),
        "
             GROUP BY day, v.agent_id)
         SELECT d.day, u.email, u.name, d.visits, d.customers,
                (SELECT COUNT(*) FROM customers n WHERE n.created_by = d.agent_id
                   AND date(n.created_at, 'unixepoch', 'localtime') = d.day)
         FROM days d JOIN users u ON u.uid = d.agent_id WHERE ",
        filters!(user_type),
        " ORDER BY d.day, u.email"
    ),
};

pub const PRODUCTIVITY_SUMMARY: Report = Report {
    name: "productivitysummary",
    title: "Productivity (Summary)",
    right: rights::RPT_PRODUCTIVITY,
    dated: true,
    columns: &["Agent ID", "Agent Name", "Days Worked", "Visits", "Customers Visited", "Average Visits a Day"],
    sql: concat!(
        "SELECT u.email, u.name, COUNT(DISTINCT date(v.visited_at, 'unixepoch', 'localtime')), COUNT(*),
                COUNT(DISTINCT v.customer_id),
                ROUND(COUNT(*) * 1.0 / COUNT(DISTINCT date(v.visited_at, 'unixepoch', 'localtime')), 2)
         FROM visits v JOIN customers c ON c.customer_id = v.customer_id JOIN users u ON u.uid = v.agent_id
         WHERE v.visited_at >= :from_ts AND v.visited_at < :to_ts AND ",
        filters!(scope, user_type, country),
        " GROUP BY u.uid ORDER BY u.email"
    ),
};

pub const MONTHLY_SUMMARY: Report = Report {
    name: "monthly-summary",
    title: "Monthly Summary",
    right: rights::RPT_PRODUCTIVITY,
    dated: true,
    columns: &["Agent ID", "Agent Name", "User Type", "Country", "Customers", "Visits", "Customers Visited", "Orders", "Order Value"],
    sql: concat!(
        "SELECT u.email, u.name, t.name, k.name,
                (SELECT COUNT(*) FROM customers c WHERE c.agent_id = u.uid AND ",
        filters!(country),
        "),
                (SELECT COUNT(*) FROM visits v JOIN customers c ON c.customer_id = v.customer_id
                  WHERE v.agent_id = u.uid AND v.visited_at >= :from_ts AND v.visited_at < :to_ts AND ",
        filters!(country),
        "),
                (SELECT COUNT(DISTINCT v.customer_id) FROM visits v JOIN customers c ON c.customer_id = v.customer_id
                  WHERE v.agent_id = u.uid AND v.visited_at >= :from_ts AND v.visited_at < :to_ts AND ",
        filters!(country),
        "),
                (SELECT COUNT(DISTINCT o.order_id) FROM order_lines o JOIN customers c ON c.customer_id = o.customer_id
                  WHERE c.agent_id = u.uid AND o.order_date >= :from AND o.order_date < :to AND ",
        filters!(country),
        "),
                (SELECT ROUND(COALESCE(SUM(o.qty_shipped * o.unit_price), 0), 2) FROM order_lines o
                  JOIN customers c ON c.customer_id = o.customer_id
                  WHERE c.agent_id = u.uid AND o.order_date >= :from AND o.order_date < :to AND ",
        filters!(country),
        ")
         FROM users u JOIN user_types t ON t.user_type_id = u.user_type_id LEFT JOIN countries k ON k.country_id = u.country_id
         WHERE u.is_deleted = 0 AND u.user_type_id <> 3 AND ",
        filters!(user_type),
        "
           AND ",
        crate::agent_in_scope!("u.uid"),
        "
         ORDER BY u.email"
    ),
};

pub const MONTHLY_SUMMARY_AM: Report = Report {
    name: "monthly-summary-am",
    title: "Monthly Summary AM",
    right: rights::RPT_PRODUCTIVITY,
    dated: true,
    columns: &["AM ID", "AM Name", "Country", "Agents", "Customers", "Visits", "Customers Visited", "Orders", "Order Value"],
    sql: concat!(
        "SELECT m.email, m.name, k.name,
                (SELECT COUNT(*) FROM users a WHERE a.manager_id = m.uid AND a.is_deleted = 0),
                (SELECT COUNT(*) FROM customers c JOIN users a ON a.uid = c.agent_id WHERE a.manager_id = m.uid AND ",
        filters!(country),
        "),
                (SELECT COUNT(*) FROM visits v JOIN customers c ON c.customer_id = v.customer_id JOIN users a ON a.uid = v.agent_id
                  WHERE a.manager_id = m.uid AND v.visited_at >= :from_ts AND v.visited_at < :to_ts AND ",
        filters!(country),
        "),
                (SELECT COUNT(DISTINCT v.customer_id) FROM visits v JOIN customers c ON c.customer_id = v.customer_id
                  JOIN users a ON a.uid = v.agent_id
                  WHERE a.manager_id = m.uid AND v.visited_at >= :from_ts AND v.visited_at < :to_ts AND ",
        filters!(country),
        "),
                (SELECT COUNT(DISTINCT o.order_id) FROM order_lines o JOIN customers c ON c.customer_id = o.customer_id
                  JOIN users a ON a.uid = c.agent_id
                  WHERE a.manager_id = m.uid AND o.order_date >= :from AND o.order_date < :to AND ",
        filters!(country),
        "),
                (SELECT ROUND(COALESCE(SUM(o.qty_shipped * o.unit_price), 0), 2) FROM order_lines o
                  JOIN customers c ON c.customer_id = o.customer_id JOIN users a ON a.uid = c.agent_id
                  WHERE a.manager_id = m.uid AND o.order_date >= :from AND o.order_date < :to AND ",
        filters!(country),
        ")
         FROM users m LEFT JOIN countries k ON k.country_id = m.country_id
         WHERE m.is_deleted = 0 AND m.user_type_id = 3 AND (:scope_all OR m.uid = :scope_manager)
           AND (json_array_length(:user_types) = 0 OR 3 IN (SELECT value FROM json_each(:user_types)))
         ORDER BY m.email"
    ),
};

pub const DELIVERY: Report = Report {
    name: "delivery",
    title: "Delivery",
    right: rights::RPT_PRODUCTIVITY,
    dated: true,
    columns: &[
        "Order ID",
        "Order Date",
        "Planned Delivery Date",
        "Buyer ID",
        "Buyer Name",
        "Distributor",
        "Delivery Status",
        "Reason",
        "Other Reason",
        "Approval",
        "Rejected Reason",
        "Updated On",
        "Agent ID",
    ],
    sql: concat!(
        "SELECT d.order_id, d.order_date, d.planned_delivery_date, c.buyer_id, c.name, d.seller_name, s.name, r.code,
                d.other_reason, COALESCE(d.approve_status, 'Open'), d.rejected_reason,
                date(d.updated_at, 'unixepoch', 'localtime'), u.email
         FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id LEFT JOIN users u ON u.uid = c.agent_id
         LEFT JOIN delivery_statuses s ON s.delivery_status_id = d.delivery_status_id
         LEFT JOIN additional_reasons r ON r.reason_code_id = d.reason_code_id
         WHERE (CASE WHEN :by_updated THEN d.updated_at >= :from_ts AND d.updated_at < :to_ts
                     ELSE d.order_date >= :from AND d.order_date < :to END)
           AND ",
        filters!(scope, country),
        " ORDER BY d.order_date, d.order_id"
    ),
};

pub const ORDERS: Report = Report {
    name: "orders",
    title: "Orders",
    right: rights::RPT_ORDERS,
    dated: true,
    columns: &[
        "Order Date",
        "Order ID",
        "Source",
        "Status",
        "Buyer ID",
        "Buyer Name",
        "Agent ID",
        "Agent Name",
        "Manager",
        "Distributor",
        "Product",
        "SKU",
        "Quantity",
        "Unit Price",
        "Line Total",
        "Booked By",
    ],
    // Every order line, uploaded ('upload') or booked in the app ('app', with its order's status;
    // cancelled orders have left the order lines), in date order. Agent and manager are the
    // customer's; Booked By is the user who booked an app order.
    sql: concat!(
        "SELECT o.order_date, o.order_id, o.source, a.status, c.buyer_id, c.name, u.email, u.name, m.name, o.seller_name,
                o.product_name, o.sku, o.qty_shipped, o.unit_price, ROUND(o.qty_shipped * o.unit_price, 2), b.name
         FROM order_lines o JOIN customers c ON c.customer_id = o.customer_id
         LEFT JOIN users u ON u.uid = c.agent_id LEFT JOIN users m ON m.uid = u.manager_id
         LEFT JOIN orders a ON o.source = 'app' AND a.order_id = CAST(substr(o.order_id, 4) AS INTEGER)
         LEFT JOIN users b ON b.uid = a.booked_by
         WHERE o.order_date >= :from AND o.order_date < :to AND ",
        filters!(scope, country, search),
        " ORDER BY o.order_date, o.line_id"
    ),
};

pub const MY_CUSTOMER: Report = Report {
    name: "mycustomer",
    title: "My Customer",
    right: rights::RPT_MY_CUSTOMER,
    dated: false,
    columns: &["Buyer ID", "Buyer Name", "Mobile", "City", "Country", "Retailer Type", "Agent ID", "Last Visit", "Last Order"],
    sql: concat!(
        "SELECT c.buyer_id, c.name, c.mobile, c.city, k.name, c.retailer_type, u.email,
                (SELECT date(MAX(v.visited_at), 'unixepoch', 'localtime') FROM visits v WHERE v.customer_id = c.customer_id),
                (SELECT MAX(o.order_date) FROM order_lines o WHERE o.customer_id = c.customer_id)
         FROM customers c LEFT JOIN users u ON u.uid = c.agent_id LEFT JOIN countries k ON k.country_id = c.country_id
         WHERE ",
        filters!(scope, country, search),
        " ORDER BY c.buyer_id"
    ),
};

pub const BUYER_DETAILS: Report = Report {
    name: "buyer-details",
    title: "Buyer Details",
    right: rights::RPT_BUYER_IMAGES,
    dated: false,
    columns: &["Buyer ID", "Buyer Name", "Country", "Info Type", "Date", "Remark", "File 1", "File 2", "File 3"],
    sql: concat!(
        "SELECT c.buyer_id, c.name, k.name, t.name, date(i.created_at, 'unixepoch', 'localtime'), i.remark,
                (SELECT original_name FROM customer_info_files WHERE info_id = i.id AND slot = 1),
                (SELECT original_name FROM customer_info_files WHERE info_id = i.id AND slot = 2),
                (SELECT original_name FROM customer_info_files WHERE info_id = i.id AND slot = 3)
         FROM customer_info i JOIN customers c ON c.customer_id = i.customer_id JOIN info_types t ON t.info_id = i.info_type_id
         LEFT JOIN countries k ON k.country_id = c.country_id
         WHERE EXISTS (SELECT 1 FROM customer_info_files f WHERE f.info_id = i.id) AND ",
        filters!(scope, country),
        " ORDER BY c.buyer_id, i.created_at"
    ),
};

pub const BEAT_ADHERENCE: Report = Report {
    name: "beat-adherence",
    title: "Beat Adherence",
    right: rights::RPT_BEAT_ADHERENCE,
    dated: true,
    columns: &[
        "Date",
        "Agent Name",
        "Agent Email",
        "Planned",
        "Visited As Planned",
        "Visited Off-site",
        "Productive",
        "Unplanned Visits",
        "Adherence %",
    ],
    // Per day and agent with a plan or a visit; the definitions are those of `beats::plan`.
    sql: crate::beats::plan::ADHERENCE_REPORT_SQL,
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
    &MY_CUSTOMER,
    &BUYER_DETAILS,
];

pub fn by_name(name: &str) -> Option<&'static Report> {
    ALL.iter().copied().find(|r| r.name == name)
}
