//! The agent's offline copy of their customers (issue #17, CONTRACT.md "Field app"): pages of at
//! most 2,000 by a cursor, then only what changed, was added or left the agent since.
//!
//! A cursor is `since.started.after`: `since` 0 asks for everything, else for customers changed
//! at or after that second; `started` is when this pass began (the next pass's `since`); `after`
//! the last customer id sent. Comparisons are `>=` on whole seconds, so a change in the second a
//! pass began is sent again rather than missed; sending a customer twice is harmless.

mod queries;

use axum::extract::State;

use super::types::{Cursor, OfflinePage, OfflineQuery};
use crate::auth::session::CurrentUser;
use crate::platform::error::AppResult;
use crate::platform::extract::{Json, Query};
use crate::platform::ids::UserId;
use crate::platform::rights;
use crate::platform::scope::Scope;
use crate::platform::state::AppState;

/// `GET /users/customer/offline?cursor=` (customer_visit): the caller's own customers for the
/// phone's offline search, a page at a time; with the cursor of a finished pass, only changes.
#[utoipa::path(get, path = "/users/customer/offline", tag = "customers", summary = "The caller's own customers for offline use, by cursor", params(OfflineQuery),
    responses(
        (status = 200, description = "OK", body = OfflinePage),
        (status = 400, description = "The cursor is not valid", body = crate::platform::api::ErrorBody)
    ))]
pub async fn offline(State(state): State<AppState>, user: CurrentUser, Query(q): Query<OfflineQuery>) -> AppResult<Json<OfflinePage>> {
    user.require(rights::CUSTOMER_VISIT)?;
    let cursor = Cursor::parse(q.cursor.as_deref(), crate::now())?;
    // The copy is the caller's own customers (CONTRACT.md), a manager's and an administrator's too.
    let own = Scope::Own { uid: UserId(user.uid) };
    state.db(move |conn| Ok(queries::page(conn, own, cursor)?)).await.map(Json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_refuse_nonsense() {
        let now = 1_800_000_000;
        assert_eq!(Cursor::parse(None, now).unwrap(), Cursor { since: 0, started: now, after: 0 });
        assert_eq!(Cursor::parse(Some(""), now).unwrap(), Cursor { since: 0, started: now, after: 0 });
        let mid = Cursor { since: 0, started: now - 5, after: 2000 };
        assert_eq!(Cursor::parse(Some(&mid.format()), now).unwrap(), mid);
        // A finished pass's cursor starts a pass of changes now.
        let done = Cursor { since: now - 5, started: now - 5, after: 0 };
        assert_eq!(Cursor::parse(Some(&done.format()), now).unwrap(), Cursor { since: now - 5, started: now, after: 0 });
        for bad in ["x", "1.2", "1.2.3.4", "-1.0.0", "5.4.0", &format!("0.{}.0", now + 10), "1.2.-3"] {
            assert!(Cursor::parse(Some(bad), now).is_err(), "{bad}");
        }
    }
}
