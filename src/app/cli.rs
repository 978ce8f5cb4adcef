//! The command line: `serve`, `migrate`, `seed`, `user ...`, `report export`, `import`, `orders send`,
//! `backup`, `restore`. Every command prints what it did;
//! a failure prints one `error:` line and exits non-zero.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};

use crate::app::server::{describe, open_migrated};
use crate::auth::accounts;
use crate::auth::types::NewAccount;
use crate::auth::{password, queries};
use crate::platform::config::Config;
use crate::platform::db::{self, Pool};
use crate::platform::mailer::Mailer;

#[derive(Parser, Debug)]
#[command(name = "fieldsales", version, about = "Field-sales and retailer-visit management server")]
pub struct Cli {
    /// The SQLite database file.
    #[arg(long, global = true, env = "FIELDSALES_DB", default_value = "./fieldsales.db")]
    pub db: PathBuf,
    /// Folder for uploads, generated files and the mail outbox.
    #[arg(long, global = true, env = "FIELDSALES_DATA", default_value = "./data")]
    pub data_dir: PathBuf,
    /// Send mail through this SMTP server (smtp://user:pass@host:587 or smtps://...);
    /// without it mail is written to <data-dir>/outbox.jsonl.
    #[arg(long, global = true, env = "FIELDSALES_SMTP_URL")]
    pub smtp_url: Option<String>,
    /// Sender address of mail.
    #[arg(long, global = true, env = "FIELDSALES_MAIL_FROM")]
    pub mail_from: Option<String>,
    /// The company's email domain: user emails must end in @<domain> (default: any; the demo
    /// uses demo.test).
    #[arg(long, global = true, env = "FIELDSALES_EMAIL_DOMAIN")]
    pub email_domain: Option<String>,
    /// The company's locale: the language of every user who chose none (en or hi) and the region
    /// of the screens' date and number formats (e.g. en-IN, hi-IN).
    #[arg(long, global = true, env = "FIELDSALES_LOCALE", default_value = crate::platform::config::DEFAULT_LOCALE, value_parser = crate::platform::config::locale)]
    pub locale: String,
    /// The company's currency, a three-letter ISO 4217 code (e.g. INR).
    #[arg(long, global = true, env = "FIELDSALES_CURRENCY", default_value = crate::platform::config::DEFAULT_CURRENCY, value_parser = crate::platform::config::currency)]
    pub currency: String,
    /// The largest amount anyone may give (a payment, a credit limit, an invoice, a price), in the
    /// currency (default 100000000: ₹10 crore).
    #[arg(long, global = true, env = "FIELDSALES_MAX_AMOUNT", default_value = "100000000", value_parser = crate::platform::config::amount)]
    pub max_amount: crate::platform::money::Money,
    /// Cash from one customer in one day must stay below this amount (default: 200000 when the
    /// currency is INR, India's Income-tax Act s. 269ST; none otherwise); 0: no limit.
    #[arg(long, global = true, env = "FIELDSALES_CASH_LIMIT", value_parser = crate::platform::config::amount)]
    pub cash_limit_per_day: Option<crate::platform::money::Money>,
    /// A payment that leaves more than this, and more than the customer owed, unallocated waits
    /// for a manager's approval before it counts.
    #[arg(long, global = true, env = "FIELDSALES_PAYMENT_APPROVAL_ABOVE", default_value = "10000", value_parser = crate::platform::config::amount)]
    pub payment_approval_above: crate::platform::money::Money,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the web server (migrating the database first).
    Serve(ServeArgs),
    /// Create or upgrade the database schema.
    Migrate,
    /// Load reference data; with --demo also the demo company; with --scale N a big
    /// deterministic data set for benchmarks.
    Seed {
        #[arg(long)]
        demo: bool,
        /// Customers to generate (with 221 scale users, their chats, and the visits, order lines
        /// and deliveries below).
        #[arg(long)]
        scale: Option<usize>,
        /// Order lines per generated customer.
        #[arg(long, default_value_t = 10)]
        lines: usize,
        /// Visits per generated customer.
        #[arg(long, default_value_t = 5)]
        visits: usize,
        /// Deliveries in all, at most one per customer [default: a tenth of --scale].
        #[arg(long)]
        deliveries: Option<usize>,
    },
    /// Write the database and the uploaded files to one zip archive; safe while the server runs.
    Backup {
        /// The archive to write (replaced if it exists; written to <file>.partial first).
        file: PathBuf,
    },
    /// Replace the database and the uploaded files with those of a backup (stop the server first).
    Restore {
        /// An archive written by `fieldsales backup`.
        file: PathBuf,
    },
    /// Judge a restored database before serving it: opens it read-only and prints its schema
    /// version, integrity_check, rows per table, the newest visit and order, and whether the
    /// uploaded files its rows name are under --data-dir (missing ones are listed, a warning).
    /// Exits 1 if it should not be served (damaged, or a newer schema).
    RestoreCheck {
        /// The database file to check (a restored copy).
        db: PathBuf,
        /// `quick_check` instead of the full `integrity_check` (much faster on a big file).
        #[arg(long)]
        quick: bool,
    },
    /// Manage user accounts.
    #[command(subcommand)]
    User(UserCommand),
    /// Reports.
    #[command(subcommand)]
    Report(ReportCommand),
    /// Booked orders.
    #[command(subcommand)]
    Orders(OrdersCommand),
    /// Visit photos.
    #[command(subcommand)]
    Photos(PhotosCommand),
    /// Price orders with the pricing engine (docs/pricing.md): reads pricing inputs as JSON lines
    /// on stdin, writes the priced answers as JSON lines (`{"error": "overflow" | "invalid" |
    /// "unreadable", ...}` for one it cannot price). Touches no database.
    Price,
    /// Import a spreadsheet, exactly as its upload screen does (in short pieces, so a running
    /// server's writes go in between; a result workbook with a Status and Reason column is written
    /// beside the input).
    Import {
        /// customer, customerdelete, product, distributor, scorecard, delivery, order, subinfo, beat or
        /// invoice.
        kind: String,
        file: PathBuf,
        /// The info type of a subinfo import.
        #[arg(long)]
        info_id: Option<i64>,
        /// Login id recorded as the uploader (default: the first administrator).
        #[arg(long = "as")]
        as_user: Option<String>,
        /// Only read the workbook (with the same guards) and count its rows; write nothing.
        #[arg(long)]
        parse_only: bool,
        /// Read a file whose headers differ: "Their Header=Our Header,..." (e.g. a Tally export:
        /// "Ref. No.=Invoice No,Party's Name=Buyer ID,Date=Invoice Date,Pending Amount=Amount,Due on=Due Date").
        #[arg(long)]
        map: Option<String>,
    },
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "FIELDSALES_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Load the demo company first when the database has no users.
    #[arg(long)]
    pub demo: bool,
    /// Sign-in attempts allowed per client address and minute (0 = no limit).
    #[arg(long, env = "FIELDSALES_LOGIN_RATE", default_value_t = 60)]
    pub login_rate: u32,
    /// Sign-in attempts allowed per login id, client address and minute: passwords, and the other
    /// sign-in calls, each their own (0 = no limit).
    #[arg(long, env = "FIELDSALES_ACCOUNT_LOGIN_RATE", default_value_t = 10)]
    pub account_login_rate: u32,
    /// Visit photos a user may send a minute (0 = no limit); more are answered 429 and the phone
    /// sends them again later.
    #[arg(long, env = "FIELDSALES_PHOTO_RATE", default_value_t = 30)]
    pub photo_rate: u32,
    /// Metres from a customer's position within which a visit counts as verified.
    #[arg(long, env = "FIELDSALES_CHECKIN_RADIUS_M", default_value_t = 300.0, value_parser = positive_metres)]
    pub checkin_radius_m: f64,
    /// Minutes between the mails of waiting orders to their distributors (0: only `orders send`).
    #[arg(long, env = "FIELDSALES_ORDER_MAIL_MINUTES", default_value_t = 15)]
    pub order_mail_minutes: u64,
    /// The map's tile server (a URL template with {z}/{x}/{y}; "" for no tiles). Browsers load
    /// tiles from it directly; the Content-Security-Policy allows its host for images only.
    #[arg(long, env = "FIELDSALES_TILE_URL", default_value = crate::platform::config::OSM_TILE_URL, value_parser = tile_url)]
    pub tile_url: String,
    /// The credit shown on the map for its tiles.
    #[arg(long, env = "FIELDSALES_TILE_ATTRIBUTION", default_value = crate::platform::config::OSM_ATTRIBUTION)]
    pub tile_attribution: String,
    /// A reverse proxy in front of the server (its address as the server sees it, e.g.
    /// 127.0.0.1); the sign-in limits then count the client it names in X-Forwarded-For.
    /// Repeat, or separate with commas in the environment variable.
    #[arg(long = "trusted-proxy", env = "FIELDSALES_TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Seconds that requests in flight may take to finish after SIGTERM or Ctrl-C; then the server
    /// stops without them (keep it below the service manager's stop timeout).
    #[arg(long, env = "FIELDSALES_SHUTDOWN_GRACE", default_value_t = 10)]
    pub shutdown_grace: u64,
}

fn tile_url(text: &str) -> Result<String, String> {
    let mut probe = crate::platform::config::Config::new(Default::default(), Default::default());
    probe.tile_url = text.trim().to_string();
    match probe.tile_origin() {
        Some(_) if probe.tile_url.contains("{z}") => Ok(probe.tile_url),
        None if probe.tile_url.is_empty() => Ok(String::new()),
        _ => Err("an http(s) URL template with {z}, {x} and {y}, or \"\" for no tiles".into()),
    }
}

fn positive_metres(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(m) if m.is_finite() && m > 0.0 => Ok(m),
        _ => Err("a number of metres above 0".into()),
    }
}

#[derive(Subcommand, Debug)]
pub enum ReportCommand {
    /// Write a report to an .xlsx file, as the report screens do (an administrator's view).
    Export {
        /// customer-visit, customer-add, profile-update, info-add, login-history, productivity,
        /// productivitysummary, monthly-summary, monthly-summary-am, delivery, orders, mycustomer, buyer-details.
        name: String,
        #[arg(long)]
        from: Option<String>,
        #[arg(long)]
        to: Option<String>,
        /// Country name; repeat for several.
        #[arg(long)]
        country: Vec<String>,
        /// User type id; repeat for several (default: all but administrators).
        #[arg(long = "user-type")]
        user_type: Vec<i64>,
        /// Buyer id or name (where the report has a search).
        #[arg(long)]
        search: Option<String>,
        /// Delivery report: OrderDate (default) or UpdatedDate.
        #[arg(long)]
        by: Option<String>,
        #[arg(short = 'o', long)]
        output: PathBuf,
    },
}

#[derive(Subcommand, Debug)]
pub enum OrdersCommand {
    /// Mail every distributor its Submitted orders now (one mail with an .xlsx each), as the
    /// server does every 15 minutes; they become Sent once the mail was accepted.
    Send,
}

#[derive(Subcommand, Debug)]
pub enum PhotosCommand {
    /// Delete the photos taken before a day (their rows, in one transaction) and the files
    /// (photos and thumbnails) no remaining row names; prints the counts and the bytes freed.
    Prune {
        /// The first day kept, YYYY-MM-DD (server's local time): photos taken before it go.
        #[arg(long)]
        before: String,
    },
}

#[derive(Subcommand, Debug)]
pub enum UserCommand {
    /// Lift a block (after too many wrong passwords) and clear the failure count.
    Unblock { login: String },
    /// Create a user. Without --password a temporary one is printed and mailed.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
        /// User type id: 1 administrator, 2 back office, 3 area manager, 4 agent (RCA).
        #[arg(long = "type")]
        user_type: i64,
        /// Country name (required for every type but administrators).
        #[arg(long)]
        country: Option<String>,
        /// Login id of the agent's area manager.
        #[arg(long)]
        manager: Option<String>,
        #[arg(long)]
        password: Option<String>,
    },
    /// Give a user a new temporary password (printed and mailed); they must change it.
    ResetPassword { login: String },
}

/// Entry point of the binary.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(err) => {
            eprintln!("error: cannot start the runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = runtime.block_on(run(cli));
    // Dropping the runtime would wait for every blocking task without limit (a long report or
    // import still running when `serve` gave up after its grace); its SQL rolls back unfinished.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn init_logging(serving: bool) {
    let default = if serving { "info" } else { "warn" };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).try_init();
}

fn config_of(cli: &Cli) -> Config {
    let mut config = Config::new(cli.db.clone(), cli.data_dir.clone());
    config.smtp_url = cli.smtp_url.clone();
    if let Some(from) = &cli.mail_from {
        config.mail_from = from.clone();
    }
    config.email_domain = cli.email_domain.clone().filter(|d| !d.trim().is_empty());
    config.locale = cli.locale.clone();
    config.currency = cli.currency.clone();
    config.max_amount = cli.max_amount;
    config.cash_limit_per_day = crate::platform::config::cash_limit(cli.cash_limit_per_day, &config.currency);
    config.payment_approval_above = cli.payment_approval_above;
    config
}

/// Opens the database and brings its schema and reference data up to date.
pub async fn run(cli: Cli) -> anyhow::Result<()> {
    init_logging(matches!(cli.command, Command::Serve(_)));
    let mut config = config_of(&cli);
    match cli.command {
        Command::Price => price_command()?,
        Command::Migrate => {
            let (_, migration) = open_migrated(&config)?;
            println!("{}", describe(&migration, &config));
        }
        Command::Seed { demo, scale, lines, visits, deliveries } => {
            let (mut pool, _) = open_migrated(&config)?;
            println!("Reference data loaded");
            if let Some(customers) = scale {
                let params = crate::app::seed::ScaleParams {
                    lines_per_customer: lines,
                    visits_per_customer: visits,
                    deliveries: deliveries.unwrap_or(customers / 10),
                    ..crate::app::seed::ScaleParams::new(customers)
                };
                // The pool's other connections keep the file open in WAL mode, which keeps the bulk
                // load from writing without a journal: it gets the only connection, and the pool
                // is opened again after it.
                drop(pool);
                let mut conn = crate::platform::db::connect(&config.db_path)?;
                let bar = indicatif::ProgressBar::new(customers as u64).with_style(
                    indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} customers  {per_sec}  eta {eta}")
                        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
                );
                let started = std::time::Instant::now();
                let summary = tokio::task::block_in_place(|| crate::app::seed::scale(&mut conn, params, |n| bar.set_position(n)))?;
                bar.finish();
                let secs = started.elapsed().as_secs_f64();
                println!(
                    "Scale data loaded in {secs:.1} s: {} users, {} customers, {} visits, {} order lines, {} deliveries, \
                     {} chat messages and broadcasts; {} rows, {:.0} rows/s",
                    summary.users,
                    summary.customers,
                    summary.visits,
                    summary.order_lines,
                    summary.deliveries,
                    summary.messages,
                    summary.rows(),
                    summary.rows() as f64 / secs.max(1e-9)
                );
                let steps: Vec<String> = summary.steps.iter().map(|(name, secs)| format!("{name} {secs:.1} s")).collect();
                println!("Scale seed steps (rows written with journal {}): {}", summary.load_journal, steps.join(", "));
                drop(conn);
                pool = crate::platform::db::open_pool(&config.db_path)?;
            }
            if demo {
                let mut conn = pool.get()?;
                let summary = tokio::task::block_in_place(|| crate::app::seed::demo(&mut conn))?;
                if summary.users == 0 {
                    println!("The demo company is already there");
                } else {
                    println!(
                        "Demo company loaded: {} users (password {}), {} customers, {} visits, {} order lines",
                        summary.users,
                        crate::app::seed::DEMO_PASSWORD,
                        summary.customers,
                        summary.visits,
                        summary.order_lines
                    );
                }
            }
        }
        Command::Serve(args) => {
            // Held until the server stops: a second server or a restore on this database refuses.
            let _lock = db::lock(&config.db_path)?;
            config.login_rate_per_minute = args.login_rate;
            config.account_login_rate_per_minute = args.account_login_rate;
            config.photo_rate_per_minute = args.photo_rate;
            config.checkin_radius_m = args.checkin_radius_m;
            config.order_mail_minutes = args.order_mail_minutes;
            config.tile_url = args.tile_url;
            config.tile_attribution = args.tile_attribution;
            config.trusted_proxies = args.trusted_proxies;
            config.shutdown_grace = std::time::Duration::from_secs(args.shutdown_grace);
            if args.demo && config.email_domain.is_none() {
                config.email_domain = Some("demo.test".into());
            }
            crate::app::server::start(config, args.addr, args.demo).await?;
        }
        Command::Report(ReportCommand::Export { name, from, to, country, user_type, search, by, output }) => {
            let (pool, _) = open_migrated(&config)?;
            let report = crate::reports::defs::by_name(&name).with_context(|| {
                let names: Vec<&str> = crate::reports::defs::ALL.iter().map(|r| r.name).collect();
                format!("unknown report {name}; use one of {}", names.join(", "))
            })?;
            let filter = crate::reports::defs::Filter {
                from_date: from,
                to_date: to,
                search,
                user_types: user_type,
                countries: country,
                radio_button: by,
                ..Default::default()
            };
            let conn = pool.get()?;
            let bar = indicatif::ProgressBar::new_spinner().with_style(
                indicatif::ProgressStyle::with_template("{spinner} {pos} rows  {per_sec}  {elapsed}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
            );
            let started = std::time::Instant::now();
            let everything = crate::platform::scope::Scope::All;
            let formats = crate::platform::formats::Formats::of_config(&config);
            let rows = tokio::task::block_in_place(|| {
                crate::reports::export(&conn, &formats, report, &filter, everything, &output, &mut |n| bar.set_position(n))
            })?;
            bar.finish_and_clear();
            let secs = started.elapsed().as_secs_f64();
            println!(
                "Wrote {rows} rows of the {} report to {} in {secs:.1} s ({:.0} rows/s)",
                report.title,
                output.display(),
                rows as f64 / secs.max(1e-9)
            );
        }
        Command::Import { kind, file, info_id, as_user, parse_only, map } => {
            if parse_only {
                parse_command(&file)?;
            } else {
                let (pool, _) = open_migrated(&config)?;
                // The rows go in through the group-commit writer, a piece at a time, as a server's
                // upload does: a running server's writes go in between.
                let writer = crate::platform::writer::Writer::start(&config.db_path)?;
                let source = ImportSource { kind: &kind, file: &file, map: map.as_deref() };
                import_command(
                    &pool,
                    &writer,
                    source,
                    info_id,
                    as_user.as_deref(),
                    crate::platform::formats::Formats::of_config(&config),
                    config.max_amount,
                )?;
            }
        }
        Command::Backup { file } => {
            let started = std::time::Instant::now();
            let done = tokio::task::block_in_place(|| crate::platform::backup::backup(&config.db_path, &config.data_dir, &file))?;
            println!(
                "Backed up {} ({}) and {} uploaded files ({}) to {} in {:.1} s",
                config.db_path.display(),
                megabytes(done.db_bytes),
                done.files,
                megabytes(done.file_bytes),
                file.display(),
                started.elapsed().as_secs_f64()
            );
        }
        Command::RestoreCheck { db, quick } => {
            let report = crate::platform::backup::restore_check(&db, &config.data_dir, quick)?;
            println!("Database        {}", db.display());
            println!("Schema version  {} (this program: {})", report.schema_version, db::SCHEMA_VERSION);
            println!("Integrity       {}", report.integrity.join("; "));
            println!("Newest visit    {}", report.newest_visit.as_deref().unwrap_or("none"));
            println!("Newest order    {}", report.newest_order.as_deref().unwrap_or("none"));
            println!(
                "Uploaded files  {} named, {} missing under {}",
                report.files_named,
                report.files_missing.len(),
                config.data_dir.join("files").display()
            );
            for missing in report.files_missing.iter().take(10) {
                println!("  missing {missing}");
            }
            if !report.files_missing.is_empty() {
                eprintln!(
                    "warning: {} uploaded files the rows name are missing: copy them from the file replica (docs/operations.md)",
                    report.files_missing.len()
                );
            }
            println!("Rows per table:");
            for (table, rows) in &report.tables {
                println!("  {table:<28} {rows:>12}");
            }
            let problems = report.problems();
            if !problems.is_empty() {
                anyhow::bail!("do not serve this copy: {}", problems.join("; "));
            }
            println!("OK: the copy can be served.");
        }
        Command::Restore { file } => {
            let done = tokio::task::block_in_place(|| crate::platform::backup::restore(&config.db_path, &config.data_dir, &file))?;
            println!(
                "Restored {} (schema version {}) and {} uploaded files from {}",
                config.db_path.display(),
                done.schema_version,
                done.files,
                file.display()
            );
            if done.unreferenced > 0 {
                println!("Left out {} files of the archive that no row names (uploads after the snapshot)", done.unreferenced);
            }
            if done.missing > 0 {
                println!("warning: {} files the database names are not in the archive", done.missing);
            }
        }
        Command::Orders(OrdersCommand::Send) => {
            let (pool, _) = open_migrated(&config)?;
            let mailer = Mailer::new(&config)?;
            let summary = crate::orders::send::send_submitted_for(&pool, &mailer, &config)
                .await?
                .context("a send is already running in this process")?;
            println!(
                "Mailed {} order(s) in {} mail(s) to their distributors; {} order(s) wait for a distributor's email address",
                summary.orders, summary.mails, summary.waiting
            );
            if summary.failed > 0 {
                anyhow::bail!("mailing {} order(s) failed (see the log above); they go with the next send", summary.failed);
            }
        }
        Command::Photos(PhotosCommand::Prune { before }) => {
            let day = crate::clock::parse_date(&before).context("--before must be a date written YYYY-MM-DD")?;
            let (pool, _) = open_migrated(&config)?;
            let mut conn = pool.get()?;
            let bar = indicatif::ProgressBar::new(0).with_style(
                indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} photo files checked  eta {eta}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            let done = tokio::task::block_in_place(|| {
                crate::photos::prune::prune(&mut conn, &config.data_dir, crate::clock::start_of(day), |n, total| {
                    bar.set_length(total);
                    bar.set_position(n);
                })
            })?;
            bar.finish_and_clear();
            println!(
                "Deleted {} photo rows taken before {before}; removed {} photo files with their thumbnails ({} freed)",
                done.rows,
                done.files,
                megabytes(done.bytes)
            );
        }
        Command::User(command) => {
            let (pool, _) = open_migrated(&config)?;
            let mailer = Mailer::new(&config)?;
            user_command(&pool, &mailer, command).await?;
        }
    }
    Ok(())
}

fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

/// `fieldsales price`: one pricing input per line on stdin, one answer per line on stdout.
fn price_command() -> anyhow::Result<()> {
    use std::io::{BufRead, Write};
    let mut input = std::io::BufReader::new(std::io::stdin().lock());
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut line = String::new();
    loop {
        // Answers go out whenever the input read so far is answered: a caller may wait for them
        // before it writes more.
        if input.buffer().is_empty() {
            out.flush()?;
        }
        line.clear();
        if input.read_line(&mut line).context("reading stdin")? == 0 {
            break;
        }
        if line.trim().is_empty() {
            continue;
        }
        // A priced answer keeps the engine's field order (lines, free, totals, nearMiss).
        match serde_json::from_str::<crate::pricing::PricingInput>(line.trim_end()) {
            Err(err) => serde_json::to_writer(&mut out, &serde_json::json!({"error": "unreadable", "detail": err.to_string()}))?,
            Ok(input) => match crate::pricing::price(&input) {
                Ok(priced) => serde_json::to_writer(&mut out, &priced)?,
                Err(crate::pricing::PricingError::Overflow) => serde_json::to_writer(&mut out, &serde_json::json!({"error": "overflow"}))?,
                Err(crate::pricing::PricingError::Invalid) => serde_json::to_writer(&mut out, &serde_json::json!({"error": "invalid"}))?,
            },
        }
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(())
}

fn parse_command(file: &std::path::Path) -> anyhow::Result<()> {
    let bytes = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
    let started = std::time::Instant::now();
    let mut workbook = crate::uploads::sheet::open(&bytes)?;
    let (mut rows, mut cells) = (0u64, 0u64);
    crate::uploads::sheet::for_each_row(&mut workbook, |_, row| {
        rows += 1;
        cells += row.len() as u64;
        Ok(())
    })?;
    let secs = started.elapsed().as_secs_f64();
    println!("Parsed {rows} rows, {cells} cells in {secs:.2} s ({:.0} rows/s); nothing was written", rows as f64 / secs.max(1e-9));
    Ok(())
}

/// What `fieldsales import` reads: the kind, the file, and its column mapping.
struct ImportSource<'a> {
    kind: &'a str,
    file: &'a std::path::Path,
    map: Option<&'a str>,
}

fn import_command(
    pool: &Pool,
    writer: &crate::platform::writer::Writer,
    ImportSource { kind, file, map }: ImportSource,
    info_id: Option<i64>,
    as_user: Option<&str>,
    formats: crate::platform::formats::Formats,
    max_amount: crate::platform::money::Money,
) -> anyhow::Result<()> {
    use crate::uploads::{import, kinds};
    let names: Vec<&str> = kinds::ALL.iter().map(|k| k.name).collect();
    let kind = kinds::by_name(kind).with_context(|| format!("unknown kind {kind}; use one of {}", names.join(", ")))?;
    let bytes = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
    let conn = pool.get()?;
    let uploader: i64 = match as_user {
        Some(login) => accounts::uid_of(&conn, login)?.0,
        None => {
            crate::auth::queries::first_administrator(&conn)?.context("there is no administrator to record as the uploader; use --as")?
        }
    };
    let result = file.with_extension("result.xlsx");
    let bar = indicatif::ProgressBar::new_spinner().with_style(
        indicatif::ProgressStyle::with_template("{spinner} {pos} rows  {per_sec}  {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    let started = std::time::Instant::now();
    let mapping = match map {
        Some(text) => crate::uploads::mapping::Mapping::from_pairs(kind.columns, text).map_err(|e| anyhow::anyhow!("--map: {e}"))?,
        None => crate::uploads::mapping::Mapping::default(),
    };
    let ctx = kinds::Context::new(uploader, info_id).in_formats(formats).mapped(mapping).bounded(max_amount);
    let outcome = tokio::task::block_in_place(|| {
        let (stop, progress) = (&AtomicBool::new(false), &mut |n| bar.set_position(n));
        import::import(import::Import { writer, kind, bytes: &bytes, ctx, result_path: &result, stop, progress })
    })?;
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    let rows = outcome.applied + outcome.rejected_count;
    println!("{} ({:.1} s, {:.0} rows/s)", outcome.message(), secs, rows as f64 / secs.max(1e-9));
    for r in outcome.rejected.iter().take(20) {
        println!("  row {}: {}", r.row_number, r.reason);
    }
    println!("Result workbook: {}", result.display());
    Ok(())
}

async fn user_command(pool: &Pool, mailer: &Mailer, command: UserCommand) -> anyhow::Result<()> {
    let mut conn = pool.get()?;
    match command {
        UserCommand::Unblock { login } => {
            let uid = accounts::uid_of(&conn, &login)?;
            queries::unblock(&conn, uid.0)?;
            println!("Unblocked {login}: they can sign in again");
        }
        UserCommand::ResetPassword { login } => {
            let uid = accounts::uid_of(&conn, &login)?;
            let temp = tokio::task::block_in_place(|| accounts::reset_to_temporary(&mut conn, uid))?;
            let name = queries::user_name(&conn, uid.0)?;
            mailer.send(&login, "Your new fieldsales password", &accounts::temporary_password_mail(&name, &temp)).await?;
            println!("Reset the password of {login}; the temporary password is {temp} (also mailed).");
            println!("Their sessions were ended; they must choose a new password at the next sign-in.");
        }
        UserCommand::Create { email, name, user_type, country, manager, password: given } => {
            let (country_id, supported) = crate::masters::users::queries::country_for_type(&conn, country.as_deref(), user_type)?
                .with_context(|| format!("there is no user type {user_type} (see `fieldsales user create --help`)"))?;
            if let Some(c) = &country {
                if country_id.is_none() {
                    anyhow::bail!("there is no country named {c}");
                }
            } else if supported {
                anyhow::bail!("--country is required for user type {user_type}");
            }
            let user_type = crate::platform::rights::UserType::try_from(user_type).map_err(anyhow::Error::msg)?;
            let name = name.trim().to_string();
            if let Some(problem) = crate::platform::validate::limits::USER_NAME.problem(&name) {
                anyhow::bail!("{problem}");
            }
            let manager_id = match &manager {
                Some(m) => Some(accounts::uid_of(&conn, m)?.0),
                None => None,
            };
            if let Some(pw) = &given {
                if !password::meets_rule(pw) {
                    anyhow::bail!("{}", password::RULE_MESSAGE.text);
                }
            }
            let chosen = given.clone().unwrap_or_else(password::temporary);
            let hash = tokio::task::block_in_place(|| password::hash(&chosen))?;
            let uid = accounts::create(
                &conn,
                &NewAccount {
                    email: &email,
                    name: &name,
                    user_type,
                    country_id,
                    manager_id,
                    password_hash: &hash,
                    force_password_update: given.is_none(),
                },
            )?;
            if given.is_none() {
                mailer.send(&email, "Your fieldsales account", &accounts::temporary_password_mail(&name, &chosen)).await?;
                println!("Created user {uid} {email}; the temporary password is {chosen} (also mailed).");
            } else {
                println!("Created user {uid} {email} with the given password.");
            }
        }
    }
    Ok(())
}
