//! Data a database starts with: reference data (`seeds/reference.sql`) for every install, the
//! deterministic demo company (`demo`), and the big deterministic data set of the benchmarks
//! (`scale`); `material` holds what both of them draw from.

mod demo;
mod material;
mod scale;

pub use demo::{demo, DemoSummary};
pub use material::{reference, DEMO_PASSWORD};
pub use scale::{scale, scale_floor, ScaleParams, ScaleSummary};
