//! The user master (`/master/user`) and the agent list (`/master/allagent`).

pub mod handlers;
pub mod queries;
pub mod types;
