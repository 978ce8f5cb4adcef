//! The SQL of the offline copy.

use rusqlite::{named_params, Connection};

use crate::customers::types::{Cursor, OfflineCustomer, OfflinePage, OFFLINE_PAGE};
use crate::platform::scope::Scope;

/// One page of `own`'s customers after the cursor (see the module above).
pub(super) fn page(conn: &Connection, own: Scope, cursor: Cursor) -> rusqlite::Result<OfflinePage> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT c.customer_id, c.buyer_id, c.name, c.mobile, c.address1, c.city, c.latitude, c.longitude,
                CASE WHEN s.last_visit_at > 0 THEN date(s.last_visit_at, 'unixepoch', 'localtime') END
         FROM customers c LEFT JOIN customer_stats s ON s.customer_id = c.customer_id
         WHERE {} AND c.customer_id > :after
           AND (:since = 0 OR c.updated_at >= :since OR s.last_visit_at >= :since
                OR EXISTS (SELECT 1 FROM invoices i WHERE i.customer_id = c.customer_id AND i.updated_at >= :since))
         ORDER BY c.customer_id LIMIT :page",
        own.condition("c.agent_id")
    ))?;
    let mut last_id = cursor.after;
    let mut ids = Vec::new();
    let mut customers = stmt
        .query_map(&*own.with(named_params! { ":after": cursor.after, ":since": cursor.since, ":page": OFFLINE_PAGE }), |r| {
            last_id = r.get(0)?;
            ids.push(crate::platform::ids::CustomerId(last_id));
            Ok(OfflineCustomer {
                buyer_id: r.get(1)?,
                buyer_name: r.get(2)?,
                mobile: r.get(3)?,
                address1: r.get(4)?,
                city: r.get(5)?,
                latitude: r.get(6)?,
                longitude: r.get(7)?,
                last_visit_date: r.get(8)?,
                outstanding: None,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let today = crate::clock::today();
    for (customer, id) in customers.iter_mut().zip(ids) {
        let owed = crate::collections::queries::outstanding_of(conn, id, &customer.buyer_id, today)?;
        customer.outstanding = (!owed.invoices.is_empty()).then_some(owed);
    }
    // Removals go with the first page of a pass of changes.
    let removed = if cursor.since > 0 && cursor.after == 0 {
        conn.prepare_cached(&format!(
            "SELECT DISTINCT r.buyer_id FROM customer_removals r
             WHERE {} AND r.removed_at >= :since
               AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.buyer_id = r.buyer_id AND {})",
            own.condition("r.agent_id"),
            own.condition("c.agent_id")
        ))?
        .query_map(&*own.with(named_params! { ":since": cursor.since }), |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?
    } else {
        Vec::new()
    };
    let complete = (customers.len() as i64) < OFFLINE_PAGE;
    let next =
        if complete { Cursor { since: cursor.started, started: cursor.started, after: 0 } } else { Cursor { after: last_id, ..cursor } };
    Ok(OfflinePage { customers, removed, cursor: next.format(), complete })
}
