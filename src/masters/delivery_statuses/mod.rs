//! Delivery statuses and the additional reasons a status may require
//! (`/master/deliveryStatus`, `/master/additionalReason`).

pub mod handlers;
pub mod queries;
pub mod types;
