//! Targets and incentives (issue #53): targets per agent, month and measure (set on the Targets
//! screen, `POST /master/target` or the `target` upload), what each agent achieved, read live from
//! the stored orders, visits and payments (`queries`: one SQL fragment per measure, shared with the
//! `targets` report), working days less Sundays and holidays, and incentive slabs per measure.
//! CONTRACT.md "Targets and incentives".

pub mod handlers;
pub mod messages;
pub mod queries;
pub mod types;

use utoipa_axum::routes;

crate::platform::api::area_router! {
    routes!(handlers::agent),
    routes!(handlers::team),
    routes!(handlers::set_target),
    routes!(handlers::holidays, handlers::set_holiday),
    routes!(handlers::remove_holiday),
    routes!(handlers::incentives, handlers::set_incentive),
}
