//! The working day (issue #37): agents start and end their day (`POST /users/day/start`, `/end`,
//! offline like visits); a day starts by itself at the first visit or order (triggers of
//! `autostart_upgrade.sql`) and closes 30 minutes after its last activity when not ended (`days`);
//! managers watch today (`GET /users/attendance`), correct a day with a reason, and read the
//! report `attendance` (`reports::defs::ATTENDANCE`).

pub mod days;
pub mod handlers;
pub mod messages;
pub mod queries;
pub mod types;

crate::platform::api::area_router! {
    handlers::{start, end, today, list, correct},
}
