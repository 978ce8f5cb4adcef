//! Targets and incentives (issue #53): targets per agent, month and measure (set on the Targets
//! screen, `POST /master/target` or the `target` upload), what each agent achieved, read live from
//! the stored orders, visits and payments (`queries`: one SQL fragment per measure, shared with the
//! `targets` report), working days less Sundays and holidays, and incentive slabs per measure.
//! CONTRACT.md "Targets and incentives".

pub mod handlers;
pub mod messages;
pub mod queries;
pub mod types;

crate::platform::api::area_router! {
    handlers::{agent, team, set_target, holidays, set_holiday, remove_holiday, incentives, set_incentive},
}
