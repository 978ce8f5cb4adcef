//! Positions on the globe, as the API receives them: a latitude and longitude pair that visits,
//! orders and customer profiles check the same way.

use crate::error::{AppError, AppResult};

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
