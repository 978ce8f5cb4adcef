//! Positions on the globe, as the API receives them: a latitude and longitude pair that visits,
//! orders and customer profiles check the same way.

use crate::platform::error::{AppError, AppResult};

crate::messages! {
    LOCATION_NOT_VALID = "location_not_valid": "The location is not valid.";
}

/// Coordinates are kept only when both are present and on the globe: one of the two alone is
/// dropped (no position), a pair off the globe is a 400.
pub fn coordinates(lat: Option<f64>, lng: Option<f64>) -> AppResult<(Option<f64>, Option<f64>)> {
    match (lat, lng) {
        (Some(a), Some(b)) if (-90.0..=90.0).contains(&a) && (-180.0..=180.0).contains(&b) => Ok((Some(a), Some(b))),
        (None, None) | (Some(_), None) | (None, Some(_)) => Ok((None, None)),
        _ => Err(AppError::bad_request(LOCATION_NOT_VALID)),
    }
}

/// Great-circle distance in metres between two `(latitude, longitude)` points (haversine, mean
/// Earth radius): within a metre or so at check-in distances, which is all a check-in needs.
pub fn distance_m(a: (f64, f64), b: (f64, f64)) -> f64 {
    const EARTH_RADIUS_M: f64 = 6_371_008.8;
    let (lat1, lat2) = (a.0.to_radians(), b.0.to_radians());
    let (dlat, dlng) = ((b.0 - a.0).to_radians(), (b.1 - a.1).to_radians());
    let h = (dlat / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * (dlng / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_M * h.sqrt().min(1.0).asin()
}

/// Registers the SQL function `distance_m(lat1, lng1, lat2, lng2)`: metres between two positions
/// (haversine, as `customers::visits::distance_m`), NULL when a coordinate is missing. The bundled
/// SQLite has no trigonometry; the attendance report sums the distance between consecutive visits.
pub fn register_sql_functions(conn: &rusqlite::Connection) -> rusqlite::Result<()> {
    use rusqlite::functions::FunctionFlags;
    conn.create_scalar_function("distance_m", 4, FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC, |ctx| {
        let at = |i: usize| ctx.get::<Option<f64>>(i);
        Ok(match (at(0)?, at(1)?, at(2)?, at(3)?) {
            (Some(a), Some(b), Some(c), Some(d)) => Some(distance_m((a, b), (c, d))),
            _ => None,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_on_the_globe_are_kept() {
        assert_eq!(coordinates(Some(12.9), Some(77.6)).unwrap(), (Some(12.9), Some(77.6)));
        assert_eq!(coordinates(Some(12.9), None).unwrap(), (None, None));
        assert_eq!(coordinates(None, None).unwrap(), (None, None));
        assert!(coordinates(Some(91.0), Some(0.0)).is_err());
        assert!(coordinates(Some(0.0), Some(-180.5)).is_err());
        assert!(coordinates(Some(f64::NAN), Some(0.0)).is_err());
    }
}
