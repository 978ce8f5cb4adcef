//! Signed session tokens: the HS256 key, kept in the database so tokens survive restarts, and the
//! claims a token carries. What a token grants is `auth::session`'s business.

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rusqlite::Connection;
use serde::{Deserialize, Serialize};

use crate::platform::error::{AppError, AppResult, SESSION_EXPIRED};

/// The HS256 key, generated on first start and kept in the database so tokens survive restarts.
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The user's uid (a string, as JWT's `sub` must be).
    pub sub: String,
    /// The session row that must still be live.
    pub sid: String,
    pub iat: i64,
    pub exp: i64,
}

impl TokenKeys {
    pub fn load_or_create(conn: &Connection) -> anyhow::Result<Self> {
        let secret = crate::platform::db::setting_or_insert(conn, "jwt_secret", &crate::random_hex(32))?;
        Ok(TokenKeys { encoding: EncodingKey::from_secret(secret.as_bytes()), decoding: DecodingKey::from_secret(secret.as_bytes()) })
    }

    pub fn sign(&self, claims: &Claims) -> AppResult<String> {
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &self.encoding).map_err(|e| AppError::Internal(e.into()))
    }

    /// Verifies signature (HS256 only: `alg: none` and other algorithms are refused) and expiry.
    pub fn verify(&self, token: &str) -> AppResult<Claims> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation)
            .map(|data| data.claims)
            // Expired, forged or signed with an old key: either way the user must sign in again.
            .map_err(|_| AppError::unauthorized(SESSION_EXPIRED))
    }
}
