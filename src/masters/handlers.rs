//! What the handlers of every master table share.

use rusqlite::Connection;

use crate::auth::session::CurrentUser;
use crate::platform::api::MessageBody;
use crate::platform::error::{AppResult, Msg};
use crate::platform::extract::Json;
use crate::platform::rights::Right;
use crate::platform::state::AppState;

/// A master's retire call (documented as `super::queries::RetireAnswers`): with `right`, retires
/// the row by `retire` and answers `done`.
pub async fn retire(
    state: &AppState,
    user: &CurrentUser,
    right: Right,
    retire: impl FnOnce(&mut Connection) -> AppResult<()> + Send + 'static,
    done: Msg,
) -> AppResult<Json<MessageBody>> {
    user.require(right)?;
    state.db(retire).await?;
    Ok(Json(MessageBody::from(done)))
}
