//! `kiela bench`: throughput of the rules engine on one core.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::rules::{Game, Record, Side, Variant, parse_record, playout::random_game, verify};
use crate::tournament::dutch::{self, DutchInput};
use crate::tournament::history::{Colour, PlayerHistory, PointSystem};
use crate::tournament::simulate;
use crate::tournament::trf::{self, TrfExport, TrfExportPlayer};

use super::vectors::read_record_vectors;

/// Runs `work` repeatedly for about `budget` and returns (iterations, elapsed).
fn measure(budget: Duration, mut work: impl FnMut() -> u64) -> (u64, Duration) {
    let start = Instant::now();
    let mut count = 0;
    while start.elapsed() < budget {
        count += work();
    }
    (count, start.elapsed())
}

/// Runs the rules benchmarks and prints their figures.
pub fn run(vectors: &Path, seconds: f64) -> Result<(), String> {
    let budget = Duration::from_secs_f64(seconds.max(0.1));
    let records = read_record_vectors(vectors)?;
    let texts: Vec<String> = records.iter().map(|(_, r)| r.to_kgn()).collect();
    let total_plies: usize = records.iter().map(|(_, r)| r.moves.len()).sum();

    let (done, elapsed) = measure(budget, || {
        for text in &texts {
            let parsed = parse_record(text).map_err(|e| e.to_string());
            let _ = black_box(parsed.map(|record| verify(&record).is_ok()));
        }
        texts.len() as u64
    });
    let per_second = done as f64 / elapsed.as_secs_f64();
    let plies_per_second = per_second * total_plies as f64 / texts.len().max(1) as f64;
    println!(
        "vectors: {} records ({} plies): {per_second:.0} records verified/s, {:.1} M plies/s \
         (parse + verify)",
        texts.len(),
        total_plies,
        plies_per_second / 1e6
    );

    // 300-ply records: the long beginner games cut to 300 plies, and the longest random
    // advanced games found, cut likewise.
    let long: Vec<String> = records
        .iter()
        .filter(|(_, r)| {
            r.moves.len() >= 300 && r.initial_position.is_none() && r.expected.verdict == "valid"
        })
        .map(|(_, r)| cut_to_300(&r.variant, r.first.as_deref(), &r.moves))
        .collect();
    if long.is_empty() {
        println!("300-ply records: none among the vectors");
    } else {
        for text in &long {
            let record = parse_record(text).map_err(|e| e.to_string())?;
            verify(&record).map_err(|e| format!("a 300-ply bench record is invalid: {e}"))?;
        }
        let (done, elapsed) = measure(budget, || {
            for text in &long {
                let parsed = parse_record(text).map_err(|e| e.to_string());
                let _ = black_box(parsed.map(|record| verify(&record).is_ok()));
            }
            long.len() as u64
        });
        println!(
            "300-ply records ({} beginner games cut to 300 plies): {:.1} µs per record \
             (parse + verify)",
            long.len(),
            elapsed.as_secs_f64() * 1e6 / done as f64
        );
        let parsed: Vec<Record> = long.iter().filter_map(|t| parse_record(t).ok()).collect();
        let (done, elapsed) = measure(budget, || {
            for record in &parsed {
                let _ = black_box(verify(record).is_ok());
            }
            parsed.len() as u64
        });
        println!(
            "300-ply records: {:.1} µs per record (verify only)",
            elapsed.as_secs_f64() * 1e6 / done as f64
        );
    }

    let mut rng = fastrand::Rng::with_seed(2026);
    let start = Game::start(Variant::Advanced, Side::South);
    let mut plies = 0u64;
    let (done, elapsed) = measure(budget, || {
        for _ in 0..256 {
            let playout = random_game(start, 2_000, |n| rng.usize(..n));
            plies += playout.moves.len() as u64;
            black_box(playout.end);
        }
        256
    });
    println!(
        "random advanced playouts: {:.0} per second ({:.1} plies on average)",
        done as f64 / elapsed.as_secs_f64(),
        plies as f64 / done as f64
    );
    Ok(())
}

fn cut_to_300(variant: &str, first: Option<&str>, moves: &[String]) -> String {
    let mut text = format!(
        "[Variant \"{variant}\"]\n[First \"{}\"]\n\n",
        first.unwrap_or("S")
    );
    for (i, mv) in moves.iter().take(300).enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(mv);
        text.push(' ');
    }
    text
}

/// Times the pairing of round `round` of a simulated Swiss of `players` (earlier rounds are
/// paired by the same engine with simulated results).
pub fn swiss(
    players: usize,
    round: usize,
    repeat: usize,
    write_trf: Option<&Path>,
) -> Result<(), String> {
    if write_trf.is_some() && players > 9_999 {
        // Pairing numbers and opponents fill four columns of a TRF line.
        return Err(format!(
            "--write-trf: a TRF file numbers players with at most four digits (9,999 players), \
             not {players}"
        ));
    }
    let mut rng = fastrand::Rng::with_seed(2026);
    let total_rounds = round.max(9);
    let mut field = simulate::field(players);
    let setup = Instant::now();
    simulate::play_rounds(&mut field, round - 1, total_rounds, || rng.f64())
        .map_err(|e| e.to_string())?;
    println!(
        "swiss: {players} players, rounds 1-{} paired and simulated in {:.2} s",
        round - 1,
        setup.elapsed().as_secs_f64()
    );
    if let Some(path) = write_trf {
        std::fs::write(path, simulated_trf(&field, total_rounds))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        println!("swiss: written to {}", path.display());
    }
    let to_pair = vec![true; players];
    let mut times = Vec::new();
    for _ in 0..repeat.max(1) {
        let start = Instant::now();
        let pairing = dutch::pair(&DutchInput {
            players: &field,
            to_pair: &to_pair,
            played_rounds: round - 1,
            total_rounds,
            initial_colour: Colour::White,
            points: PointSystem::default(),
            forbidden: &[],
            accelerations: None,
        })
        .map_err(|e| e.to_string())?;
        times.push(start.elapsed().as_secs_f64());
        black_box(pairing);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "swiss: pairing round {round} of {players} players: median {:.3} s, best {:.3} s ({} runs)",
        times[times.len() / 2],
        times[0],
        times.len()
    );
    Ok(())
}

/// The simulated field as a TRF file (pairing numbers in rating order, as simulated).
fn simulated_trf(field: &[PlayerHistory], total_rounds: usize) -> String {
    let players: Vec<TrfExportPlayer<'_>> = field
        .iter()
        .enumerate()
        .map(|(i, history)| TrfExportPlayer {
            history,
            sex: None,
            title: "",
            federation: "",
            fide_id: "",
            federation_id: "",
            birth_year: None,
            rounds_written: history.rounds.len(),
            rank: i + 1,
        })
        .collect();
    trf::write(&TrfExport {
        comments: &[],
        name: "Simulated Swiss",
        city: "",
        start_date: None,
        end_date: None,
        total_rounds,
        initial_colour: Colour::White,
        kind: "Individual: Swiss-System",
        tiebreaks: &[],
        players: &players,
        points: PointSystem::default(),
        next_round_byes: &[],
        knockout: None,
    })
}

/// Times the national rating list: every period rated from scratch for `players` people and
/// `games` games spread over five years of monthly periods, then one more period of a
/// 200-player, 9-round event rated on top of it (what putting an event into the list costs).
pub fn ratings(players: usize, games: usize, repeat: usize) -> Result<(), String> {
    use crate::tournament::ratings::{Month, RatedGame, Score, Standing, rate_period};
    if players < 200 {
        return Err("--ratings-players: at least 200".into());
    }
    let mut rng = fastrand::Rng::with_seed(18);
    let strength: Vec<f64> = (0..players).map(|_| 1000.0 + 1000.0 * rng.f64()).collect();
    let play = |rng: &mut fastrand::Rng, a: usize, b: usize| {
        let expected = 1.0 / (1.0 + 10f64.powf((strength[b] - strength[a]) / 400.0));
        let draw = 0.1;
        let roll = rng.f64();
        let score = if roll < expected - draw / 2.0 {
            Score::Win
        } else if roll < expected + draw / 2.0 {
            Score::Draw
        } else {
            Score::Loss
        };
        RatedGame {
            first: a,
            second: b,
            score,
        }
    };
    let months = 60;
    let first = Month(2021 * 12);
    let mut periods: Vec<Vec<RatedGame>> = vec![Vec::new(); months];
    for i in 0..games {
        let a = rng.usize(0..players);
        let mut b = rng.usize(0..players - 1);
        if b >= a {
            b += 1;
        }
        periods[i % months].push(play(&mut rng, a, b));
    }
    let mut event: Vec<RatedGame> = Vec::new();
    for _ in 0..9 {
        let mut field: Vec<usize> = (0..200).collect();
        rng.shuffle(&mut field);
        for pair in field.chunks(2) {
            event.push(play(&mut rng, pair[0], pair[1]));
        }
    }
    let mut full = Vec::new();
    let mut incremental = Vec::new();
    let mut standings: Vec<Option<Standing>> = Vec::new();
    for _ in 0..repeat.max(1) {
        standings = vec![None; players];
        let start = Instant::now();
        for (i, period) in periods.iter().enumerate() {
            black_box(rate_period(
                &mut standings,
                Month(first.0 + i as i32),
                period,
            ));
        }
        full.push(start.elapsed().as_secs_f64());
        let mut next = standings.clone();
        let start = Instant::now();
        black_box(rate_period(
            &mut next,
            Month(first.0 + months as i32),
            &event,
        ));
        incremental.push(start.elapsed().as_secs_f64());
    }
    full.sort_by(f64::total_cmp);
    incremental.sort_by(f64::total_cmp);
    let rated = standings.iter().filter(|s| s.is_some()).count();
    println!(
        "ratings: {players} players, {games} games in {months} monthly periods ({rated} rated): \
         every period from scratch in median {:.3} s, best {:.3} s ({} runs)",
        full[full.len() / 2],
        full[0],
        full.len()
    );
    println!(
        "ratings: one more period, a 200-player 9-round event ({} games): median {:.3} ms",
        event.len(),
        incremental[incremental.len() / 2] * 1000.0
    );
    Ok(())
}

/// Times the stored list on a database (`url`, empty: it is filled here): `players` registered
/// people and `games` final games in 200-player, 9-round rated events over 24 months, every
/// period rated again from the database (reading the games, rating, writing every history
/// row), then one more event put into the list on top (as an administrator does).
pub fn ratings_stored(url: &str, players: usize, games: usize) -> Result<(), String> {
    use crate::service::{App, accounts, demo, ratings};
    if players < 200 {
        return Err("--ratings-players: at least 200".into());
    }
    let describe = |e: crate::service::ServiceError| e.to_string();
    let mut config = crate::config::Config::load(None, std::iter::empty::<(String, String)>())
        .map_err(|e| e.to_string())?;
    config.database_url = url.to_string();
    let app = App::start(config).map_err(describe)?;
    let admin = accounts::create_user(
        &app,
        "ratings-bench@example.ao",
        "Ratings bench",
        crate::domain::Role::Admin,
        "a-long-bench-password",
    )
    .map_err(|e| format!("{e} (the database must be empty)"))?;
    let start = Instant::now();
    let (listed, last) =
        demo::seed_rating_history(&app, &admin, players, games, 18).map_err(describe)?;
    println!(
        "ratings (stored): {players} people, {} events, {} games written in {:.1} s",
        listed.len() + 1,
        (listed.len() + 1) * 900,
        start.elapsed().as_secs_f64()
    );
    let mut full = Vec::new();
    let mut periods = 0;
    for _ in 0..3 {
        let start = Instant::now();
        periods = ratings::rate_everything(&app).map_err(describe)?;
        full.push(start.elapsed().as_secs_f64());
    }
    let mut incremental = Vec::new();
    for round in 0..3 {
        if round > 0 {
            ratings::take_out_of_list(&app, &admin, last).map_err(describe)?;
        }
        let start = Instant::now();
        ratings::put_into_list(&app, &admin, last).map_err(describe)?;
        incremental.push(start.elapsed().as_secs_f64());
    }
    full.sort_by(f64::total_cmp);
    incremental.sort_by(f64::total_cmp);
    println!(
        "ratings (stored): every period ({periods}) rated again from the database in median \
         {:.3} s, best {:.3} s (3 runs)",
        full[1], full[0]
    );
    println!(
        "ratings (stored): one 200-player 9-round event put into the list in median {:.1} ms, \
         best {:.1} ms (3 runs)",
        incremental[1] * 1000.0,
        incremental[0] * 1000.0
    );
    Ok(())
}
