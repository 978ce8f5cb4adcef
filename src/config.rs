//! Run-time settings, gathered from the command line and environment by `cli`.

use std::path::PathBuf;

/// Everything the server needs to know about its surroundings.
#[derive(Clone, Debug)]
pub struct Config {
    /// The one SQLite file.
    pub db_path: PathBuf,
    /// Uploads, generated files and the mail outbox live here.
    pub data_dir: PathBuf,
    /// `smtp://` or `smtps://` URL; without it mail goes to `<data_dir>/outbox.jsonl`.
    pub smtp_url: Option<String>,
    /// Sender address of every mail.
    pub mail_from: String,
    /// Sign-in attempts allowed per client address and minute (0 = no limit).
    pub login_rate_per_minute: u32,
    /// Sign-in attempts allowed per login id and minute, from any address (0 = no limit).
    pub account_login_rate_per_minute: u32,
    /// Wrong passwords in a row that block an account.
    pub max_failed_logins: i64,
    /// Lifetime of a sign-in token.
    pub session_hours: i64,
    /// Whether users may sign in with a one-time code sent by mail.
    pub otp_login: bool,
    /// The company's email domain (`demo.test`); user emails must belong to it. `None`: any.
    pub email_domain: Option<String>,
    /// A visit within this many metres of its customer's position is `verified` (else `off-site`).
    pub checkin_radius_m: f64,
    /// How often `serve` mails the distributors their waiting orders, in minutes (0: never).
    pub order_mail_minutes: u64,
}

impl Config {
    /// Defaults for a database file and data folder; the CLI overrides what the user set.
    pub fn new(db_path: PathBuf, data_dir: PathBuf) -> Self {
        Config {
            db_path,
            data_dir,
            smtp_url: None,
            mail_from: "fieldsales <no-reply@fieldsales.local>".into(),
            login_rate_per_minute: 60,
            account_login_rate_per_minute: 10,
            max_failed_logins: 5,
            session_hours: 12,
            otp_login: true,
            email_domain: None,
            checkin_radius_m: 300.0,
            order_mail_minutes: 15,
        }
    }

    pub fn outbox_path(&self) -> PathBuf {
        self.data_dir.join("outbox.jsonl")
    }
}
