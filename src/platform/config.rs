//! Run-time settings, gathered from the command line and environment by `cli`.

use std::path::PathBuf;

use crate::platform::money::Money;

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
    /// Sign-in attempts allowed per login id, client address and minute, in each of two budgets
    /// (passwords; check-user, codes and temporary passwords) (0 = no limit).
    pub account_login_rate_per_minute: u32,
    /// Photos a user may send a minute to be decoded (0 = no limit).
    pub photo_rate_per_minute: u32,
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
    /// The map's tile server, a Leaflet URL template; empty: no tiles (pins on a plain background).
    pub tile_url: String,
    /// The credit the tile server asks for, shown on the map.
    pub tile_attribution: String,
    /// Reverse proxies whose `X-Forwarded-For` names the real client (see `extract::ClientAddr`).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// After a stop signal, how long requests in flight may take to finish before `serve` stops
    /// without them (a connection that never completes its request must not hold a restart).
    pub shutdown_grace: std::time::Duration,
    /// The company's locale (`en-IN`): its language is every user's until they choose their own,
    /// its region the screens' date and number formats. Checked by [`locale`].
    pub locale: String,
    /// The company's currency, an ISO 4217 code (`INR`). Checked by [`currency`].
    pub currency: String,
    /// The largest amount anyone may give: a payment, a credit limit, an invoice, a price
    /// (`crate::platform::money::checked`).
    pub max_amount: Money,
    /// Cash from one customer in one day must stay below this (India's Income-tax Act s. 269ST:
    /// ₹2,00,000); `None`: no limit.
    pub cash_limit_per_day: Option<Money>,
    /// A payment leaving more than `max(what was owed, this)` unallocated waits for a manager's
    /// approval (`collections::queries::far_above_owed`).
    pub payment_approval_above: Money,
}

/// ₹10,00,00,000 (ten crore): far above any one retailer's invoice, payment or credit limit, and a
/// hundred thousand times below what an amount holds, so no total of a team's amounts comes near
/// overflowing.
pub const DEFAULT_MAX_AMOUNT: Money = Money::from_paise(100_000_000 * 100);
/// ₹10,000: an over-payment up to this much (or up to what was owed) is kept on the payment as
/// ever; more waits for a manager.
pub const DEFAULT_PAYMENT_APPROVAL_ABOVE: Money = Money::from_paise(10_000 * 100);
/// ₹2,00,000: the Income-tax Act (s. 269ST) refuses cash of this much or more from one person in a
/// day; the default for a company in rupees.
pub const INR_CASH_LIMIT_PER_DAY: Money = Money::from_paise(200_000 * 100);

/// An amount setting as the command line gives it (`--max-amount 100000000`): a decimal of at
/// most two places, 0 or more.
pub fn amount(text: &str) -> Result<Money, String> {
    crate::platform::money::checked(
        Money::parse_exact(&text.replace('_', "")),
        crate::platform::money::Least::Zero,
        Money::from_paise(crate::platform::money::MAX_PAISE),
    )
    .map_err(|_| format!("an amount of 0 or more with at most two decimal places, not {text:?}"))
}

/// The cash limit of a company in `currency` when none is set: India's for rupees, else none; a
/// setting of 0 is none.
pub fn cash_limit(set: Option<Money>, currency: &str) -> Option<Money> {
    match set {
        Some(limit) => (limit > Money::ZERO).then_some(limit),
        None => (currency == "INR").then_some(INR_CASH_LIMIT_PER_DAY),
    }
}

/// The languages users may read (`users.locale`, `POST /users/locale`).
pub const LANGUAGES: &[&str] = &["en", "hi"];
pub const DEFAULT_LOCALE: &str = "en-IN";
pub const DEFAULT_CURRENCY: &str = "INR";

/// A company locale as `FIELDSALES_LOCALE` gives it: a language of [`LANGUAGES`] with an optional
/// two-letter region (`en`, `hi-IN`, `en_in`), written the BCP 47 way (`hi-IN`).
pub fn locale(text: &str) -> Result<String, String> {
    let text = text.trim();
    let (language, region) = match text.split_once(['-', '_']) {
        Some((language, region)) => (language, Some(region)),
        None => (text, None),
    };
    let language = language.to_ascii_lowercase();
    if !LANGUAGES.contains(&language.as_str()) {
        return Err(format!(
            "a locale whose language is {} with an optional region (e.g. en-IN, hi-IN), not {text:?}",
            LANGUAGES.join(" or ")
        ));
    }
    match region {
        None => Ok(language),
        Some(r) if r.len() == 2 && r.chars().all(|c| c.is_ascii_alphabetic()) => Ok(format!("{language}-{}", r.to_ascii_uppercase())),
        Some(_) => Err(format!("a locale's region is two letters (e.g. en-IN), not {text:?}")),
    }
}

/// A currency as `FIELDSALES_CURRENCY` gives it: a three-letter ISO 4217 code, in capitals.
pub fn currency(text: &str) -> Result<String, String> {
    let text = text.trim();
    if text.len() == 3 && text.chars().all(|c| c.is_ascii_alphabetic()) {
        Ok(text.to_ascii_uppercase())
    } else {
        Err(format!("a three-letter ISO 4217 currency code (e.g. INR), not {text:?}"))
    }
}

pub const OSM_TILE_URL: &str = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
pub const OSM_ATTRIBUTION: &str = "© OpenStreetMap contributors";

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
            photo_rate_per_minute: 30,
            max_failed_logins: 5,
            session_hours: 12,
            otp_login: true,
            email_domain: None,
            checkin_radius_m: 300.0,
            order_mail_minutes: 15,
            tile_url: OSM_TILE_URL.into(),
            tile_attribution: OSM_ATTRIBUTION.into(),
            trusted_proxies: Vec::new(),
            shutdown_grace: std::time::Duration::from_secs(10),
            locale: DEFAULT_LOCALE.into(),
            currency: DEFAULT_CURRENCY.into(),
            max_amount: DEFAULT_MAX_AMOUNT,
            cash_limit_per_day: Some(INR_CASH_LIMIT_PER_DAY),
            payment_approval_above: DEFAULT_PAYMENT_APPROVAL_ABOVE,
        }
    }

    /// The origin images may come from besides our own (the tile server's, `{s}` subdomains as a
    /// wildcard), for the Content-Security-Policy; `None` without tiles.
    pub fn tile_origin(&self) -> Option<String> {
        let (scheme, rest) = self.tile_url.split_once("://")?;
        let host = rest.split('/').next().filter(|h| !h.is_empty())?;
        let host = host.replace("{s}", "*");
        let valid = matches!(scheme, "http" | "https")
            && host.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '*' | '[' | ']'));
        valid.then(|| format!("{scheme}://{host}"))
    }

    /// The company's language (`en` of `en-IN`): a user's when they chose none.
    pub fn language(&self) -> &str {
        self.locale.split('-').next().unwrap_or(&self.locale)
    }

    /// The language a user reads: their own (`users.locale`) if they chose one, else the company's.
    pub fn language_of<'a>(&'a self, chosen: Option<&'a str>) -> &'a str {
        chosen.filter(|l| LANGUAGES.contains(l)).unwrap_or_else(|| self.language())
    }

    pub fn outbox_path(&self) -> PathBuf {
        self.data_dir.join("outbox.jsonl")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origin(url: &str) -> Option<String> {
        let mut config = Config::new(PathBuf::new(), PathBuf::new());
        config.tile_url = url.into();
        config.tile_origin()
    }

    #[test]
    fn the_tile_origin_is_a_plain_scheme_and_host() {
        assert_eq!(origin(OSM_TILE_URL).as_deref(), Some("https://tile.openstreetmap.org"));
        assert_eq!(origin("https://{s}.tiles.example.org/{z}/{x}/{y}.png").as_deref(), Some("https://*.tiles.example.org"));
        assert_eq!(origin("http://127.0.0.1:9000/t/{z}/{x}/{y}.png").as_deref(), Some("http://127.0.0.1:9000"));
        assert_eq!(origin(""), None);
        assert_eq!(origin("javascript:alert(1)"), None);
        assert_eq!(origin("https://evil.example; script-src *"), None);
        assert_eq!(origin("ftp://tiles.example.org/{z}"), None);
    }

    #[test]
    fn a_locale_is_english_or_hindi_with_an_optional_region() {
        assert_eq!(locale("en-IN").as_deref(), Ok("en-IN"));
        assert_eq!(locale(" hi_in ").as_deref(), Ok("hi-IN"));
        assert_eq!(locale("hi").as_deref(), Ok("hi"));
        assert_eq!(locale("EN-gb").as_deref(), Ok("en-GB"));
        for bad in ["", "fr-FR", "en-", "en-IND", "en-1N", "english", "hi-IN-x"] {
            assert!(locale(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn a_currency_is_three_letters() {
        assert_eq!(currency("INR").as_deref(), Ok("INR"));
        assert_eq!(currency("usd").as_deref(), Ok("USD"));
        for bad in ["", "RS", "RUPEE", "IN1", "₹"] {
            assert!(currency(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn amount_settings_and_the_cash_limit_by_currency() {
        assert_eq!(amount("100000000"), Ok(DEFAULT_MAX_AMOUNT));
        assert_eq!(amount("2_00_000"), Ok(INR_CASH_LIMIT_PER_DAY));
        for bad in ["", "-1", "0.001", "ten", "1e9"] {
            assert!(amount(bad).is_err(), "{bad:?} accepted");
        }
        assert_eq!(cash_limit(None, "INR"), Some(INR_CASH_LIMIT_PER_DAY));
        assert_eq!(cash_limit(None, "USD"), None);
        assert_eq!(cash_limit(Some(Money::ZERO), "INR"), None);
        assert_eq!(cash_limit(Some(Money::from_paise(500_000 * 100)), "USD"), Some(Money::from_paise(500_000 * 100)));
    }

    #[test]
    fn a_user_reads_their_own_language_else_the_companys() {
        let mut config = Config::new(PathBuf::new(), PathBuf::new());
        assert_eq!(config.language(), "en");
        assert_eq!(config.language_of(None), "en");
        assert_eq!(config.language_of(Some("hi")), "hi");
        config.locale = "hi-IN".into();
        assert_eq!(config.language_of(None), "hi");
        assert_eq!(config.language_of(Some("en")), "en");
    }
}
