//! The Rights screen (`rights_master`): which rights each user type holds, read as a grid and
//! replaced per user type. Sessions read their rights on every request, so a change applies to
//! the next request of every user of the type; each change is written to the audit log.

pub mod handlers;
pub mod queries;
pub mod types;
