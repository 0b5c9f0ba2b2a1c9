//! The `kiela` command: the server and the tools around it.

use std::io::BufRead;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use kiela::cli;
use kiela::config::Config;
use kiela::service::{self, App, accounts::Role};

#[derive(Parser)]
#[command(name = "kiela", version, about = "Kiela tournament manager")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

/// Where the configuration and the database come from.
#[derive(Args, Clone, Default)]
struct Setup {
    /// Configuration file (TOML); KIELA_* environment variables override it.
    #[arg(long, env = "KIELA_CONFIG", global = true)]
    config: Option<PathBuf>,
    /// Database URL: sqlite://PATH or postgres://USER@HOST/DB (overrides the configuration).
    #[arg(long, global = true)]
    database_url: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web server (the default when no subcommand is given).
    Serve {
        #[command(flatten)]
        setup: Setup,
        /// Address to listen on, e.g. 127.0.0.1:8080 or 0.0.0.0:80.
        #[arg(long)]
        bind: Option<String>,
        /// The venue's hall: listen on every network of the laptop and build every link and QR
        /// code from the address the hall's phones open (docs/venue.md).
        #[arg(long)]
        hall: bool,
    },
    /// Apply the database migrations and exit.
    Migrate {
        #[command(flatten)]
        setup: Setup,
    },
    /// Copy the SQLite database to FILE while the server runs (PostgreSQL: use pg_dump).
    Backup {
        #[command(flatten)]
        setup: Setup,
        /// The new backup file (must not exist).
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Replace the SQLite database with the backup FILE; stop the server first.
    Restore {
        #[command(flatten)]
        setup: Setup,
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// The federation's registry and rating list, as a file for venues.
    Registry {
        #[command(flatten)]
        setup: Setup,
        #[command(subcommand)]
        command: cli::season::RegistryCommand,
    },
    /// An event's archive: written at the venue, imported at the federation, pushed to it.
    Archive {
        #[command(flatten)]
        setup: Setup,
        #[command(subcommand)]
        command: cli::season::ArchiveCommand,
    },
    /// The venues whose archives this installation takes, and their signing keys.
    Venue {
        #[command(flatten)]
        setup: Setup,
        #[command(subcommand)]
        command: cli::season::VenueCommand,
    },
    /// Administration without a browser.
    Admin {
        #[command(flatten)]
        setup: Setup,
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Verify game records (KGN): one verdict per game.
    Verify {
        /// Print one JSON object per game.
        #[arg(long)]
        json: bool,
        /// Record files; `-` reads standard input.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
    },
    /// Run the engine behind a UCI-like line protocol on standard input and output
    /// (docs/engine.md).
    Engine,
    /// Review games (KGN) with the engine: the score before and after each ply, the engine's
    /// move and what the move played cost.
    Analyse {
        /// Milliseconds of search per position (default 200).
        #[arg(long, conflicts_with = "nodes")]
        movetime: Option<u64>,
        /// Nodes of search per position instead: the same review on every machine.
        #[arg(long)]
        nodes: Option<u64>,
        /// Print one JSON object per game.
        #[arg(long)]
        json: bool,
        /// Record files; `-` reads standard input.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
    },
    /// Pair a Swiss round (FIDE Dutch system) of a TRF file from the rounds before it.
    Pair {
        /// The round to pair (default: the first round without results).
        #[arg(long)]
        round: Option<usize>,
        /// The tournament, as a TRF-2026 file.
        #[arg(value_name = "FILE.trf")]
        file: String,
    },
    /// The standings of a TRF file with FIDE tie-breaks.
    Standings {
        /// Tie-break codes, comma-separated (default: the file's `202` line, else the Swiss default, BH/C1,BH,SB,DE,WON).
        #[arg(long)]
        tiebreaks: Option<String>,
        /// Write JSON in the layout of FIDE's tie-break program.
        #[arg(long)]
        json: bool,
        /// The tournament, as a TRF file; `-` reads standard input.
        #[arg(value_name = "FILE.trf")]
        file: String,
    },
    /// Pair every round of a TRF file again and report the rounds the FIDE Dutch system
    /// pairs differently.
    Check {
        /// The tournament, as a TRF file; `-` reads standard input.
        #[arg(value_name = "FILE.trf")]
        file: String,
    },
    /// Measure the rules engine (records verified, random playouts per second), with
    /// `--swiss-players` the time to pair a large Swiss round, or with `--ratings-players` the
    /// time to rate the national list.
    Bench {
        /// Directory of the record vectors.
        #[arg(long, default_value = "tests/data/rules")]
        vectors: PathBuf,
        /// Seconds spent on each measurement.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Pair a simulated Swiss of this many players instead.
        #[arg(long)]
        swiss_players: Option<usize>,
        /// The round of the simulated Swiss to time.
        #[arg(long, default_value_t = 5)]
        swiss_round: usize,
        /// How many times the round is paired (the median and the best are reported).
        #[arg(long, default_value_t = 3)]
        swiss_runs: usize,
        /// Also write the simulated Swiss, up to the round before the one timed, as a TRF
        /// file, so another pairing program can pair the same round.
        #[arg(long, value_name = "FILE.trf")]
        write_trf: Option<PathBuf>,
        /// Time the national rating list for this many people instead.
        #[arg(long)]
        ratings_players: Option<usize>,
        /// Measure the engine's strength instead: this many openings, each played with both
        /// colours, against each opponent.
        #[arg(long)]
        engine_pairs: Option<usize>,
        /// The engine's time per move in the strength bench.
        #[arg(long, default_value_t = 50)]
        engine_movetime: u64,
        /// Screen this many honest simulated players instead (the screening's false positives,
        /// and the time to review and screen their games).
        #[arg(long)]
        fair_play_players: Option<usize>,
        /// The games each simulated player plays.
        #[arg(long, default_value_t = 4)]
        fair_play_rounds: usize,
        /// The review budget the simulated games are screened at.
        #[arg(long, default_value_t = kiela::engine::review::REVIEW_NODES)]
        fair_play_nodes: u64,
        /// The rated games of the rating list timed.
        #[arg(long, default_value_t = 500_000)]
        ratings_games: usize,
        /// Time the rating list stored in this database instead (an empty one: it is filled
        /// with the people and games first), e.g. `sqlite://bench-ratings.db`.
        #[arg(long, value_name = "URL")]
        ratings_database: Option<String>,
    },
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Create an account; the password is read from standard input.
    CreateUser {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
        /// admin, organiser, arbiter or player.
        #[arg(long, default_value = "player")]
        role: String,
    },
    /// Create an API token for an account and print it (and nothing else).
    CreateToken {
        #[arg(long)]
        email: String,
        /// A label to recognise the token by on the account page.
        /// (By default the command's name, the same in every language.)
        #[arg(long, default_value = "kiela admin create-token")]
        label: String,
    },
    /// Make a one-time link that sets the account's password (30 minutes, once) and print
    /// it, to hand over in person; written in the account's log.
    ResetPassword {
        #[arg(long)]
        email: String,
    },
    /// Create a Swiss event played out with random legal games, owned by an existing
    /// organiser account; prints the event's address.
    DemoEvent {
        /// The owner's e-mail address (an organiser or administrator).
        #[arg(long)]
        owner: String,
        #[arg(long, default_value = "Torneio de demonstração")]
        name: String,
        #[arg(long, default_value_t = 40)]
        players: usize,
        /// The rounds of the Swiss.
        #[arg(long, default_value_t = 5)]
        rounds: usize,
        /// How many of them are paired and played (all by default).
        #[arg(long)]
        played: Option<usize>,
        /// Pair and publish the round after those played, left unplayed.
        #[arg(long)]
        open_round: bool,
        /// Seed of the random names, ratings and games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

fn exit(code: i32) -> ExitCode {
    ExitCode::from(u8::try_from(code).unwrap_or(2))
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("kiela: {message}");
    exit(2)
}

fn load_config(setup: &Setup, bind: Option<String>) -> Result<Config, String> {
    let mut config =
        Config::load(setup.config.as_deref(), std::env::vars()).map_err(|e| e.to_string())?;
    if let Some(url) = &setup.database_url {
        config.database_url.clone_from(url);
    }
    if let Some(bind) = bind {
        config.bind = bind;
    }
    Ok(config)
}

fn init_logging(filter: &str) {
    let filter = std::env::var("RUST_LOG").unwrap_or_else(|_| filter.to_string());
    let filter = tracing_subscriber::EnvFilter::try_new(&filter)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

fn serve(setup: &Setup, bind: Option<String>, hall: bool) -> ExitCode {
    let mut config = match load_config(setup, bind) {
        Ok(config) => config,
        Err(e) => return fail(e),
    };
    config.hall |= hall;
    init_logging(&config.log);
    if config.hall
        && let Err(e) = into_the_hall(&mut config)
    {
        return fail(e);
    }
    let bind = config.bind.clone();
    let app = match App::start(config) {
        Ok(app) => app,
        Err(e) => return fail(e),
    };
    // Final games are reviewed by the engine in the background, never on a page view.
    service::reviews::start_worker(&app);
    // A venue connected to a federation publishes its marked events as they change.
    service::push::start_worker(&app);
    // Results held for the public's delay become final when the public sees the last move.
    service::games::start_worker(&app);
    // The outbox's messages go to the SMTP server (`smtp_url`); without one they wait.
    kiela::web::mail::start_worker(&app);
    let listener = match std::net::TcpListener::bind(&bind) {
        Ok(listener) => listener,
        Err(e) => return fail(format!("cannot listen on {bind}: {e}")),
    };
    let address = listener
        .local_addr()
        .map_or(bind.clone(), |a| a.to_string());
    tracing::info!("Kiela is serving on http://{address} ({:?})", app.backend);
    let result = actix_web::rt::System::new().block_on(async move {
        match kiela::web::server(app, listener) {
            Ok(server) => server.await,
            Err(e) => Err(e),
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

/// Hall mode: listens on every interface at the configured port; the address the hall's
/// phones open (the organiser's `hall_address`, else the best of the laptop's networks)
/// becomes the site's address unless `base_url` says another, and is printed with its QR code.
fn into_the_hall(config: &mut kiela::config::Config) -> Result<(), String> {
    let port = config
        .bind
        .rsplit_once(':')
        .and_then(|(_, p)| p.parse::<u16>().ok())
        .ok_or_else(|| format!("bind `{}` has no port", config.bind))?;
    // Both IPv6 and IPv4 where the system listens on both at once (Linux, by default), IPv4
    // alone otherwise.
    let ipv6 = std::net::TcpListener::bind(("::", port)).is_ok();
    config.bind = if ipv6 {
        format!("[::]:{port}")
    } else {
        format!("0.0.0.0:{port}")
    };
    let found = kiela::hall::usable(&kiela::hall::discover().unwrap_or_default(), ipv6);
    let url = match (&config.hall_address, found.first()) {
        (Some(address), _) => Some(kiela::hall::url_from(address, port)),
        (None, Some(best)) => Some(kiela::hall::url_of(best.ip, port)),
        (None, None) => None,
    };
    if config.base_url.is_none() {
        config.base_url.clone_from(&url);
    }
    let mut out = String::new();
    match config.base_url.as_deref() {
        Some(site) => {
            out.push_str(&format!(
                "\nHall mode: the phones of the hall open\n\n    {site}\n\n"
            ));
            out.push_str(&kiela::hall::terminal_qr(site));
            out.push('\n');
            let others: Vec<String> = found
                .iter()
                .map(|a| format!("{} ({})", kiela::hall::url_of(a.ip, port), a.interface))
                .filter(|line| !line.starts_with(&format!("{site} ")))
                .collect();
            if !others.is_empty() {
                out.push_str(&format!(
                    "\nThe laptop's other networks (set hall_address to use one): {}\n",
                    others.join(", ")
                ));
            }
        }
        None => out.push_str(
            "\nHall mode: this laptop is on no network phones can reach. Join the hall's \
             Wi-Fi, or make one (a hotspot, docs/venue.md), and start again.\n",
        ),
    }
    eprintln!("{out}");
    Ok(())
}

fn read_password() -> Result<String, String> {
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut line)
        .map_err(|e| format!("cannot read the password from standard input: {e}"))?;
    Ok(line.trim_end_matches(['\r', '\n']).to_string())
}

fn admin(setup: &Setup, command: AdminCommand) -> ExitCode {
    let config = match load_config(setup, None) {
        Ok(config) => config,
        Err(e) => return fail(e),
    };
    init_logging("warn");
    let app = match App::start(config) {
        Ok(app) => app,
        Err(e) => return fail(e),
    };
    match command {
        AdminCommand::CreateUser { email, name, role } => {
            let role: Role = match role.parse() {
                Ok(role) => role,
                Err(_) => return fail(format!("unknown role `{role}`")),
            };
            let password = match read_password() {
                Ok(p) => p,
                Err(e) => return fail(e),
            };
            match service::accounts::create_user(&app, &email, &name, role, &password) {
                Ok(user) => {
                    eprintln!("created {} ({}) as {}", user.email, user.display_name, role);
                    ExitCode::SUCCESS
                }
                Err(e) => fail(describe(&e)),
            }
        }
        AdminCommand::ResetPassword { email } => {
            match service::password_reset::make_link_for_email(&app, &email) {
                Ok(token) => {
                    let site = app
                        .config
                        .base_url
                        .clone()
                        .unwrap_or_else(|| format!("http://{}", app.config.bind));
                    println!(
                        "{}{}",
                        site.trim_end_matches('/'),
                        service::password_reset::reset_path(&token)
                    );
                    ExitCode::SUCCESS
                }
                Err(service::ServiceError::NotFound) => fail(format!("no account for {email}")),
                Err(e) => fail(describe(&e)),
            }
        }
        AdminCommand::CreateToken { email, label } => {
            match service::accounts::create_api_token_for(&app, &email, &label) {
                Ok(token) => {
                    println!("{token}");
                    ExitCode::SUCCESS
                }
                Err(service::ServiceError::NotFound) => fail(format!("no account for {email}")),
                Err(e) => fail(describe(&e)),
            }
        }
        AdminCommand::DemoEvent {
            owner,
            name,
            players,
            rounds,
            played,
            open_round,
            seed,
        } => {
            let user = match service::accounts::user_by_email(&app, &owner) {
                Ok(Some(user)) => user,
                Ok(None) => return fail(format!("no account for {owner}")),
                Err(e) => return fail(describe(&e)),
            };
            let spec = service::demo::DemoSpec {
                name,
                players,
                rounds,
                played: played.unwrap_or(rounds),
                open_round,
                seed,
            };
            match service::demo::create_demo_event(&app, &user, &spec) {
                Ok(event) => {
                    println!("/events/{}", event.slug);
                    ExitCode::SUCCESS
                }
                Err(e) => fail(describe(&e)),
            }
        }
    }
}

/// Runs a season command on the installation's database: what it says on success goes to
/// standard output, a refusal to standard error (exit status 2).
fn season(setup: &Setup, run: impl FnOnce(&App) -> Result<String, String>) -> ExitCode {
    let config = match load_config(setup, None) {
        Ok(config) => config,
        Err(e) => return fail(e),
    };
    init_logging("warn");
    let app = match App::start(config) {
        Ok(app) => app,
        Err(e) => return fail(e),
    };
    match run(&app) {
        Ok(said) => {
            println!("{said}");
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}

/// A service error for the command line, in English.
fn describe(e: &service::ServiceError) -> String {
    match e {
        service::ServiceError::Invalid(_) => {
            kiela::web::i18n::Lang::En.t(&format!("error-{}", e.code()))
        }
        other => other.to_string(),
    }
}

/// The configured database address, parsed.
fn database_url(setup: &Setup) -> Result<kiela::db::DatabaseUrl, String> {
    let config = load_config(setup, None)?;
    config
        .database_url
        .parse()
        .map_err(|e: kiela::db::DbError| e.to_string())
}

fn main() -> ExitCode {
    let args = Cli::parse();
    match args.command {
        None => {
            let setup = Setup {
                config: std::env::var_os("KIELA_CONFIG").map(PathBuf::from),
                database_url: None,
            };
            serve(&setup, None, false)
        }
        Some(Command::Serve { setup, bind, hall }) => serve(&setup, bind, hall),
        Some(Command::Migrate { setup }) => migrate(&setup),
        Some(Command::Admin { setup, command }) => admin(&setup, command),
        Some(Command::Registry { setup, command }) => {
            season(&setup, |app| cli::season::registry(app, command))
        }
        Some(Command::Archive { setup, command }) => {
            season(&setup, |app| cli::season::archive(app, command))
        }
        Some(Command::Venue { setup, command }) => {
            season(&setup, |app| cli::season::venue(app, command))
        }
        Some(Command::Backup { setup, file }) => backup(&setup, &file),
        Some(Command::Restore { setup, file }) => restore(&setup, &file),
        Some(Command::Engine) => {
            let stdin = std::io::stdin();
            let stdout = std::io::stdout();
            match cli::engine::run(&mut stdin.lock(), &mut stdout.lock()) {
                Ok(()) => exit(0),
                Err(e) => fail(e),
            }
        }
        Some(Command::Analyse {
            movetime,
            nodes,
            json,
            files,
        }) => analyse(movetime, nodes, json, &files),
        Some(Command::Verify { json, files }) => exit(cli::verify::run(
            &files,
            json,
            &mut std::io::stdout().lock(),
            &mut std::io::stderr().lock(),
        )),
        Some(Command::Pair { round, file }) => exit(cli::pair::run(
            &file,
            round,
            &mut std::io::stdout().lock(),
            &mut std::io::stderr().lock(),
        )),
        Some(Command::Standings {
            tiebreaks,
            json,
            file,
        }) => exit(cli::standings::run(
            &file,
            tiebreaks.as_deref(),
            json,
            &mut std::io::stdout().lock(),
            &mut std::io::stderr().lock(),
        )),
        Some(Command::Check { file }) => exit(cli::check::run(
            &file,
            &mut std::io::stdout().lock(),
            &mut std::io::stderr().lock(),
        )),
        Some(command @ Command::Bench { .. }) => bench(command),
    }
}

/// `kiela migrate`: the database brought up to date.
fn migrate(setup: &Setup) -> ExitCode {
    let config = match load_config(setup, None) {
        Ok(config) => config,
        Err(e) => return fail(e),
    };
    init_logging("info");
    match App::start(config) {
        Ok(_) => {
            eprintln!("the database is up to date");
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}

/// `kiela backup FILE` (SQLite).
fn backup(setup: &Setup, file: &std::path::Path) -> ExitCode {
    let url = match database_url(setup) {
        Ok(url) => url,
        Err(e) => return fail(e),
    };
    match kiela::db::backup::backup(&url, file) {
        Ok(()) => {
            eprintln!("backed up to {}", file.display());
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}

/// `kiela restore FILE` (SQLite).
fn restore(setup: &Setup, file: &std::path::Path) -> ExitCode {
    let url = match database_url(setup) {
        Ok(url) => url,
        Err(e) => return fail(e),
    };
    match kiela::db::backup::restore(&url, file) {
        Ok(events) => {
            eprintln!("restored {} ({events} events)", file.display());
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}

/// `kiela analyse`: the budget from the flags, then the reviews.
fn analyse(movetime: Option<u64>, nodes: Option<u64>, json: bool, files: &[String]) -> ExitCode {
    let budget = match nodes {
        Some(nodes) => cli::analyse::Budget::Nodes(nodes.max(1)),
        None => cli::analyse::Budget::Movetime(std::time::Duration::from_millis(
            movetime.unwrap_or(200).clamp(1, 600_000),
        )),
    };
    exit(cli::analyse::run(
        files,
        budget,
        json,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    ))
}

/// `kiela bench`: the engine's strength, a large Swiss round, the rating list, or the rules
/// engine's speed, as the flags say.
fn bench(command: Command) -> ExitCode {
    let Command::Bench {
        vectors,
        seconds,
        swiss_players,
        swiss_round,
        swiss_runs,
        write_trf,
        ratings_players,
        ratings_games,
        ratings_database,
        engine_pairs,
        engine_movetime,
        fair_play_players,
        fair_play_rounds,
        fair_play_nodes,
    } = command
    else {
        return fail("not a bench command");
    };
    if let Some(players) = fair_play_players {
        cli::fair_play::run(players, fair_play_rounds.max(1), fair_play_nodes.max(1));
        return ExitCode::SUCCESS;
    }
    if let Some(pairs) = engine_pairs {
        cli::engine_match::run(
            pairs.max(1),
            std::time::Duration::from_millis(engine_movetime.max(1)),
        );
        return ExitCode::SUCCESS;
    }
    let result = match (swiss_players, ratings_players) {
        (Some(players), _) => cli::bench::swiss(
            players,
            swiss_round.max(1),
            swiss_runs,
            write_trf.as_deref(),
        ),
        (None, Some(players)) => match ratings_database {
            Some(url) => cli::bench::ratings_stored(&url, players, ratings_games),
            None => cli::bench::ratings(players, ratings_games, 3),
        },
        (None, None) => cli::bench::run(&vectors, seconds),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}
