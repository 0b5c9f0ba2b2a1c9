//! `kiela backup` while the server runs, `kiela restore` into a new database, and the same
//! standings served from it.

use crate::harness::{Backend, Browser, TestDb};
use crate::process::{Server, organiser_token, run};

#[actix_rt::test]
async fn a_backup_taken_while_serving_restores_to_the_same_standings() {
    let db = TestDb::create(Backend::Sqlite).unwrap();
    let url = db.url();
    organiser_token(&url, "org@example.ao");
    let demo = run(
        &url,
        &[
            "admin",
            "demo-event",
            "--owner",
            "org@example.ao",
            "--players",
            "9",
            "--rounds",
            "3",
        ],
        "",
    );
    assert!(
        demo.status.success(),
        "{}",
        String::from_utf8_lossy(&demo.stderr)
    );
    let mut server = Server::start(&url, &[]).await;
    let client = Browser::at(&server.base);
    let before = client.get("/api/v1/events/1/standings").await;
    assert_eq!(before.status, 200);

    let TestDb::Sqlite(dir) = &db else {
        unreachable!()
    };
    let file = dir.join("backup.sqlite3");
    let file = file.to_str().unwrap();
    // The copy is taken while the server answers requests.
    let reads = async {
        for _ in 0..20 {
            assert_eq!(
                client
                    .get("/events/torneio-de-demonstracao/standings")
                    .await
                    .status,
                200
            );
        }
    };
    let backup = actix_rt::task::spawn_blocking({
        let url = url.clone();
        let file = file.to_string();
        move || run(&url, &["backup", &file], "")
    });
    reads.await;
    let backup = backup.await.unwrap();
    assert!(
        backup.status.success(),
        "{}",
        String::from_utf8_lossy(&backup.stderr)
    );
    let again = run(&url, &["backup", file], "");
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    server.kill();

    // A new installation restored from the backup.
    let target = TestDb::create(Backend::Sqlite).unwrap();
    let target_url = target.url();
    let restored = run(&target_url, &["restore", file], "");
    assert!(
        restored.status.success(),
        "{}",
        String::from_utf8_lossy(&restored.stderr)
    );
    assert!(String::from_utf8_lossy(&restored.stderr).contains("1 events"));
    let server = Server::start(&target_url, &[]).await;
    let after = Browser::at(&server.base)
        .get("/api/v1/events/1/standings")
        .await;
    assert_eq!(after.status, 200);
    assert_eq!(after.json(), before.json());

    // Something that is not a Kiela database is refused and changes nothing.
    let junk = dir.join("junk.sqlite3");
    std::fs::write(&junk, b"not a database at all").unwrap();
    let refused = run(&target_url, &["restore", junk.to_str().unwrap()], "");
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not a Kiela database"));
    let still = Browser::at(&server.base)
        .get("/api/v1/events/1/standings")
        .await;
    assert_eq!(still.json(), before.json());
}

#[test]
fn postgres_backups_point_to_pg_dump() {
    let out = run(
        "postgres://postgres@127.0.0.1:5432/postgres",
        &["backup", "/tmp/never-written.dump"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("pg_dump"));
    assert!(!std::path::Path::new("/tmp/never-written.dump").exists());
}
