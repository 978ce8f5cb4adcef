//! Beat plans (issue #19): named, ordered rounds of an agent's customers on given weekdays
//! (`handlers`, `queries`, `types`), the day's plan and what was done of it, shared by the agent's
//! day, the landing tiles and the beat-adherence report (`plan`), over the visits' day summary
//! (`visit_days`). The beat upload is a kind of `uploads::kinds`.

pub mod handlers;
pub mod messages;
pub mod queries;
pub mod types;

// What other areas use of beats (buckets' day tiles, the adherence report, the beat upload):
pub use queries::plan::{totals as day_figures, DayFigures, ADHERENCE_REPORT_SQL};
pub use queries::{add_stop, agents_customer, end_stops, find_or_create, set_weekdays};
pub use types::Weekdays;

crate::platform::api::area_router! {
    handlers::{list, save, get, delete, today_plan, map_settings},
}
