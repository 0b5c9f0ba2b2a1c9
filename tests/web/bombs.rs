//! Files that are small as sent and huge once decompressed are refused while they are read:
//! an archive of millions of empty tags sent to a `kiela serve` process, one and then six at
//! once, grows the process's peak memory (read from the kernel before and after) by less than
//! 50 MB; a registry file of millions of people is refused at the first past its bound.

use std::io::Write;

use crate::harness::{Backend, Browser, Req, TestDb};
use crate::process::{Server, organiser_token};

/// The most the server's peak memory may grow through all the files.
const MAX_GROWTH_KIB: u64 = 50 * 1024;

fn gzip(text: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(text).unwrap();
    encoder.finish().unwrap()
}

/// An archive of 60 MB once decompressed: one entry with twenty million empty tags.
fn archive_bomb() -> Vec<u8> {
    let mut text = br#"{"format": "kiela-event-archive", "version": 2,
        "exported_at": "2026-12-01T00:00:00Z",
        "installation": {"id": "ABCDEF", "name": "Bomba", "role": "venue"},
        "event": {"id": 1, "slug": "b", "name": "B", "state": "running", "settings": {"name": "B"}},
        "players": [{"tags": ["#
        .to_vec();
    text.extend(b"\"\",".repeat(20_000_000));
    text.extend(b"\"\"]}]}");
    gzip(&text)
}

/// A registry file of 60 MB once decompressed: millions of people, the same one again.
fn registry_bomb() -> Vec<u8> {
    let mut text = br#"{"format": "kiela-registry", "version": 1, "installation": "F",
        "as_of": "2026-12-01", "people": ["#
        .to_vec();
    let person = br#"{"federation_id":"K1","name":"A"},"#;
    text.extend(person.repeat(60_000_000 / person.len()));
    text.extend(br#"{"federation_id":"K1","name":"A"}]}"#);
    gzip(&text)
}

async fn small_files_that_grow_huge_are_refused_as_they_are_read(backend: Backend) {
    let Some(db) = TestDb::create(backend) else {
        return;
    };
    let url = db.url();
    let token = organiser_token(&url, "org@example.ao");
    let server = Server::start(&url, &[]).await;
    let client = Browser::at(&server.base);
    let archive = archive_bomb();
    let registry = registry_bomb();
    assert!(archive.len() < 100 * 1024, "{} bytes sent", archive.len());
    assert!(registry.len() < 400 * 1024, "{} bytes sent", registry.len());
    // A first, ordinary refusal, so what the server holds for any request is counted before.
    client
        .send(
            Req::post("/api/v1/archives")
                .bearer(&token)
                .bytes(b"{}".to_vec(), "application/json"),
        )
        .await
        .expect(422);
    let before = server.peak_memory_kib();
    let answer = client
        .send(
            Req::post("/api/v1/archives")
                .bearer(&token)
                .bytes(archive.clone(), "application/gzip"),
        )
        .await
        .expect(422)
        .json();
    assert_eq!(answer["error"]["code"], "archive_too_large", "{answer}");
    // Six at once: each is refused as it is read; the server takes two at a time.
    let sends = (0..6).map(|_| {
        let client = Browser::at(&server.base);
        let body = archive.clone();
        let token = token.clone();
        async move {
            client
                .send(
                    Req::post("/api/v1/archives")
                        .bearer(&token)
                        .bytes(body, "application/gzip"),
                )
                .await
                .status
        }
    });
    let statuses = futures_util::future::join_all(sends).await;
    assert!(
        statuses.iter().all(|s| *s == 422 || *s == 503),
        "{statuses:?}"
    );
    // The registry file, at a venue, by its command.
    let file = std::env::temp_dir().join(format!(
        "kiela-bomb-{}-{backend:?}.json.gz",
        std::process::id()
    ));
    std::fs::write(&file, &registry).unwrap();
    let loaded = crate::process::run(&url, &["registry", "import", file.to_str().unwrap()], "");
    std::fs::remove_file(&file).unwrap();
    assert!(!loaded.status.success());
    let said = String::from_utf8_lossy(&loaded.stderr);
    assert!(said.contains("people"), "{said}");
    let after = server.peak_memory_kib();
    println!("peak memory: {before} KiB before, {after} KiB after");
    assert!(
        after - before < MAX_GROWTH_KIB,
        "the server's peak memory grew by {} KiB",
        after - before
    );
}

#[actix_web::test]
async fn small_files_that_grow_huge_sqlite() {
    small_files_that_grow_huge_are_refused_as_they_are_read(Backend::Sqlite).await;
}

#[actix_web::test]
async fn small_files_that_grow_huge_postgres() {
    small_files_that_grow_huge_are_refused_as_they_are_read(Backend::Postgres).await;
}
