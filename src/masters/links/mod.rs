//! Useful links shown on the visit screen, each for some countries (`/master/link`).

pub mod handlers;
pub mod queries;
pub mod types;
