//! `arena serve`, `arena worker` and `arena admin`: the tournament server's commands.

use arena::site::core::config::SiteConfig;

#[derive(clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "ARENA_LISTEN", default_value = "127.0.0.1:8080")]
    listen: String,
    #[command(flatten)]
    site: SiteConfig,
}

#[derive(clap::Args)]
pub struct WorkerArgs {
    #[command(flatten)]
    site: SiteConfig,
}

#[derive(clap::Args)]
pub struct AdminArgs {
    #[command(subcommand)]
    command: AdminCommand,
    #[command(flatten)]
    site: SiteConfig,
}

#[derive(clap::Subcommand)]
enum AdminCommand {
    /// Create an account (the password is read from stdin, or asked for).
    CreateUser {
        username: String,
        /// Give the account the admin role.
        #[arg(long)]
        admin: bool,
    },
    /// Create a class's accounts from a roster, each with a one-time invitation link.
    ///
    /// The roster is CSV: user name, e-mail or student id, optional admin flag. The links are
    /// printed once as CSV on stdout (username,contact,admin,invitation,expires). A roster with a
    /// bad row creates nothing and names the row's line; names that already have an account are
    /// left as they are.
    ImportUsers {
        /// The roster (CSV; a first line starting with `username` is a header).
        roster: std::path::PathBuf,
        /// The site's public address, the start of the invitation links.
        #[arg(long, env = "ARENA_SITE_URL", default_value = "http://127.0.0.1:8080")]
        site_url: String,
        /// Days an invitation link works.
        #[arg(long, default_value_t = arena::site::players::invitations::DEFAULT_VALID_DAYS)]
        valid_days: u32,
    },
    /// Delete now what retention no longer keeps: ladder replays older than
    /// --keep-ladder-replays-days, stderr older than --keep-stderr-days (`arena serve` does it
    /// every hour). Prints what it deleted.
    Prune {
        /// Only print what would be deleted.
        #[arg(long)]
        dry_run: bool,
    },
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread().enable_all().build()?)
}

fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("ARENA_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn,tower_http=warn"));
    use std::io::IsTerminal;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr)
        .try_init();
}

pub fn serve(a: ServeArgs) -> anyhow::Result<()> {
    init_tracing();
    runtime()?.block_on(arena::site::serve::serve(&a.listen, a.site))
}

pub fn worker(a: WorkerArgs) -> anyhow::Result<()> {
    init_tracing();
    runtime()?.block_on(arena::site::serve::worker(a.site))
}

pub fn admin(a: AdminArgs) -> anyhow::Result<()> {
    init_tracing();
    match a.command {
        AdminCommand::CreateUser { username, admin } => {
            let password = read_password()?;
            runtime()?.block_on(async {
                let db = arena::site::store::db::open(&a.site, 2).await?;
                let created = arena::site::players::accounts::create_user(&db.pool, &username, &password, admin).await;
                db.pool.close().await;
                if let Some(c) = &db.cluster {
                    c.stop().await?;
                }
                let id = created?;
                println!("created user {username} (id {id}){}", if admin { " with the admin role" } else { "" });
                anyhow::Ok(())
            })
        }
        AdminCommand::ImportUsers { roster, site_url, valid_days } => {
            use anyhow::Context;
            let text = std::fs::read_to_string(&roster).with_context(|| format!("cannot read {}", roster.display()))?;
            let rows = arena::site::players::roster::parse(&text).with_context(|| roster.display().to_string())?;
            anyhow::ensure!(valid_days >= 1, "--valid-days must be at least 1");
            runtime()?.block_on(async {
                let db = arena::site::store::db::open(&a.site, 2).await?;
                let imported = arena::site::players::roster::import(&db.pool, &rows, valid_days).await;
                db.pool.close().await;
                if let Some(c) = &db.cluster {
                    c.stop().await?;
                }
                let imported = imported.with_context(|| roster.display().to_string())?;
                print!("{}", invitations_csv(&site_url, &imported.created));
                eprintln!(
                    "{}: {} accounts created, {} already there{}",
                    roster.display(),
                    imported.created.len(),
                    imported.existing.len(),
                    if imported.created.is_empty() {
                        String::new()
                    } else {
                        ". Their invitation links are above, printed this once (only their hashes are stored): \
                         hand each student their own"
                            .to_string()
                    }
                );
                anyhow::Ok(())
            })
        }
        AdminCommand::Prune { dry_run } => runtime()?.block_on(async {
            let db = arena::site::store::db::open(&a.site, 4).await?;
            let retention = arena::site::store::retention::Retention::from_config(&a.site);
            let pruned = match arena::site::store::replay_store::ReplayStore::from_config(&a.site, db.pool.clone()) {
                Ok(replays) => {
                    eprintln!("replay store: {}", replays.describe());
                    eprintln!("retention:    {}", retention.describe());
                    match replays.check().await {
                        Ok(()) => arena::site::store::retention::prune(&db.pool, &replays, &retention, dry_run).await,
                        Err(e) => Err(e),
                    }
                }
                Err(e) => Err(e),
            };
            db.pool.close().await;
            if let Some(c) = &db.cluster {
                c.stop().await?;
            }
            println!("{}", pruned?);
            anyhow::Ok(())
        }),
    }
}

/// The invitations as CSV: username, contact, admin, link, expiry.
fn invitations_csv(site_url: &str, created: &[arena::site::players::roster::Invited]) -> String {
    let base = site_url.trim_end_matches('/');
    let mut out = String::from("username,contact,admin,invitation,expires\n");
    for i in created {
        let link = format!("{base}{}", arena::site::players::invitations::path(&i.token));
        out.push_str(&format!("{},{},{},{link},{}\n", i.username, i.contact, i.is_admin, i.expires_at.to_rfc3339()));
    }
    out
}

fn read_password() -> anyhow::Result<String> {
    use std::io::{BufRead, IsTerminal};
    if std::io::stdin().is_terminal() {
        eprint!("password (shown as you type; pipe it in to avoid that): ");
    }
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;
    Ok(line.trim_end_matches(['\n', '\r']).to_string())
}
