//! Broadcast messages: `GET`/`POST /chat/broadcastMessage`, `POST /chat/broadcastMessage/delete/{id}`
//! and `GET /chat/media?fileName=` for their pictures. A broadcast reaches one user type (0 = all)
//! in one country (none = all).

pub mod handlers;
pub mod queries;
pub mod types;

/// The folder of the broadcast pictures.
pub const AREA: &str = "broadcast";

/// The address of a stored picture.
pub fn media_url(name: &str) -> String {
    crate::platform::api::url(format_args!("/chat/media?fileName={name}"))
}
