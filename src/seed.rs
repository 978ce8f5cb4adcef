//! Reference data (`seeds/reference.sql`) and the deterministic demo company.

use anyhow::Context;
use rusqlite::{named_params, Connection, TransactionBehavior};

use crate::auth::accounts::{self, NewAccount};
use crate::auth::password;

/// The password of every demo user.
pub const DEMO_PASSWORD: &str = "Demo12345678";

/// Adds whatever reference data is missing (countries, user types, rights and their grants).
pub fn reference(conn: &Connection) -> anyhow::Result<()> {
    conn.execute_batch(include_str!("../seeds/reference.sql")).context("loading seeds/reference.sql")
}

/// What `demo` created.
#[derive(Debug, Default)]
pub struct DemoSummary {
    pub users: usize,
}

/// Adds the demo company unless its administrator already exists. Deterministic: the same
/// data every time.
pub fn demo(conn: &mut Connection) -> anyhow::Result<DemoSummary> {
    reference(conn)?;
    if crate::auth::queries::find_account(conn, "admin@demo.test")?.is_some() {
        return Ok(DemoSummary::default());
    }
    // One hash for all demo users: they share a published password anyway.
    let hash = password::hash(DEMO_PASSWORD).map_err(|e| anyhow::anyhow!("{e}"))?;
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let mut summary = DemoSummary::default();
    let mut add = |email: &str, name: &str, user_type: i64, country: Option<i64>, manager: Option<i64>| {
        summary.users += 1;
        accounts::create(
            &tx,
            &NewAccount {
                email,
                name,
                user_type,
                country_id: country,
                manager_id: manager,
                password_hash: &hash,
                force_password_update: false,
            },
        )
        .map_err(|e| anyhow::anyhow!("creating demo user {email}: {e}"))
    };
    add("admin@demo.test", "Asha Admin", 1, None, None)?;
    let am = add("am@demo.test", "Meera Nair", 3, Some(1), None)?;
    add("agent1@demo.test", "Ravi Kumar", 4, Some(1), Some(am))?;
    add("agent2@demo.test", "Priya Sharma", 4, Some(1), Some(am))?;
    add("agent3@demo.test", "Arjun Das", 4, Some(1), Some(am))?;
    add("agent4@demo.test", "Nimal Perera", 4, Some(2), Some(am))?;
    // Demo users have signed in before: no first-time flag.
    tx.execute("UPDATE users SET is_first_time_login = 0 WHERE email LIKE :d", named_params! { ":d": "%@demo.test" })?;
    tx.commit()?;
    Ok(summary)
}
