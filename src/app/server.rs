//! What `fieldsales serve` does around the web server: migrate, say what replication needs, load
//! the demo company or create the first administrator, set aside uploaded files a crash left
//! behind, then serve until a stop signal. (The command line takes the database's lock and reads
//! the settings first.)

use std::net::SocketAddr;

use anyhow::Context;

use crate::auth::accounts;
use crate::auth::password;
use crate::auth::types::NewAccount;
use crate::platform::config::Config;
use crate::platform::db::{self, Migration, Pool};
use crate::platform::state::AppState;

/// Opens the database's pool, brings its schema up to date and loads the reference data.
pub fn open_migrated(config: &Config) -> anyhow::Result<(Pool, Migration)> {
    let pool = db::open_pool(&config.db_path)?;
    let mut conn = pool.get()?;
    let migration = db::migrate(&mut conn)?;
    crate::app::seed::reference(&conn)?;
    // This process just filed the visits' days (or there are none yet): in its own time zone.
    let filed_here = match migration {
        Migration::Created => true,
        Migration::Upgraded { from } => from < crate::beats::queries::visit_days::FILED_BY_STEP,
        Migration::UpToDate => false,
    };
    if filed_here {
        crate::beats::queries::visit_days::record_zone(&conn)?;
    }
    Ok((pool, migration))
}

/// One line on what `migrate` did.
pub fn describe(migration: &Migration, config: &Config) -> String {
    let path = config.db_path.display();
    match migration {
        Migration::Created => format!("Created database {path} (schema version {})", db::SCHEMA_VERSION),
        Migration::Upgraded { from } => {
            format!("Upgraded database {path} from schema version {from} to {}", db::SCHEMA_VERSION)
        }
        Migration::UpToDate => format!("Database {path} is up to date (schema version {})", db::SCHEMA_VERSION),
    }
}

/// Prepares the database and its files, then serves on `addr` until a stop signal.
pub async fn start(config: Config, addr: SocketAddr, demo: bool) -> anyhow::Result<()> {
    let (pool, migration) = open_migrated(&config)?;
    println!("{}", describe(&migration, &config));
    let zone = std::env::var("TZ").map(|tz| format!(" (TZ={tz})")).unwrap_or_else(|_| " (the machine's; set TZ to change it)".into());
    println!("Dates and \"today\" follow the time zone UTC{}{zone}", chrono::Local::now().format("%:z"));
    for warning in db::replication_warnings(&*pool.get()?)? {
        tracing::warn!("{warning}");
        eprintln!("warning: {warning}");
    }
    if let Some(state) = db::litestream_state(&config.db_path) {
        tracing::info!(state = %state.display(), "Litestream replicates this database");
    }
    let mut conn = pool.get()?;
    let started = std::time::Instant::now();
    if let Some(visits) = tokio::task::block_in_place(|| crate::beats::queries::visit_days::refile_if_zone_changed(&mut conn))
        .context("filing the visits' days in this time zone")?
    {
        tracing::info!(visits, seconds = started.elapsed().as_secs_f64(), "filed the visits' days in this server's time zone");
    }
    if demo && !crate::auth::queries::any_users(&conn)? {
        let summary = tokio::task::block_in_place(|| crate::app::seed::demo(&mut conn))?;
        println!("Demo company loaded: {} users, e.g. admin@demo.test / {}", summary.users, crate::app::seed::DEMO_PASSWORD);
    }
    if !crate::auth::queries::any_users(&conn)? {
        let temp = password::temporary();
        let hash = password::hash(&temp)?;
        accounts::create(
            &conn,
            &NewAccount {
                email: "admin@fieldsales.local",
                name: "Administrator",
                user_type: crate::platform::rights::UserType::Administrator,
                country_id: None,
                manager_id: None,
                password_hash: &hash,
                force_password_update: true,
            },
        )?;
        println!(
            "Created the administrator admin@fieldsales.local with the password {temp}\n\
             (shown only now; you will choose your own at the first sign-in)"
        );
    }
    std::fs::create_dir_all(&config.data_dir).with_context(|| format!("creating the data folder {}", config.data_dir.display()))?;
    // An import the server stopped during (killed, power lost) stopped at its last piece of rows;
    // its uploader's screen says so.
    let interrupted = crate::uploads::queries::stop_interrupted(&conn, crate::uploads::messages::UPLOAD_INTERRUPTED)?;
    if interrupted > 0 {
        tracing::warn!(interrupted, "uploads stopped by the server's stop are marked stopped at their last row applied");
    }
    let orphans = tokio::task::block_in_place(|| crate::platform::files::sweep_orphans(&conn, &config.data_dir))
        .context("checking the uploaded files against the database")?;
    if orphans > 0 {
        tracing::warn!(
            orphans,
            folder = %crate::platform::files::orphans_folder(&config.data_dir).display(),
            "moved uploaded files that no row references aside (left by a crash)"
        );
    } else {
        tracing::info!(orphans, "every uploaded file belongs to a row");
    }
    drop(conn);
    let state = AppState::new(pool, config)?;
    crate::platform::memory::trim_when_idle(state.pool.clone());
    crate::app::web::serve(state, addr).await?;
    Ok(())
}
