//! Every type of page the site serves, opened in headless Chromium as its readers open it: on
//! a phone (360 px wide, in Portuguese, the public pages without an account) and on a laptop
//! (1280 px, in French, signed in as the event's organiser). On each page:
//! - nothing scrolls sideways (a wide table or bracket may scroll inside its own box);
//! - axe-core finds no violation of any impact, WCAG 2.2's 24 px target size included;
//! - the W3C Nu HTML Checker (`vnu.jar`) finds no error and no warning in the HTML as served.
//!
//! A screenshot of each page is kept under `target/browser-artifacts/`, and the HTML the
//! checker read under `target/browser-artifacts/html/`. The checker is the `vnu-jar` package
//! of the npm registry, run by Java (`.ci/run` installs both; `KIELA_VNU_JAR` overrides the
//! path). Without it, or without Chromium, the test is skipped, except under `CI=true`.

use std::path::{Path, PathBuf};
use std::process::Command;

use fantoccini::Client;
use kiela::web::i18n::Lang;
use serde_json::Value;

use crate::browser::{Journey, start_browser, tool};
use crate::harness::{Backend, TestApp};
use crate::site_pages::{Reader, STAFF_EMAIL, every_page_type};

#[actix_rt::test]
async fn every_page_type_fits_the_screen_and_passes_axe_and_the_validator() {
    let Some(app) = TestApp::spawn(Backend::Sqlite).await else {
        return;
    };
    let Some(vnu) = tool(
        "KIELA_VNU_JAR",
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("target/tools/node_modules/vnu-jar/build/dist/vnu.jar")
            .to_string_lossy(),
        "npm install --prefix target/tools vnu-jar, and a Java runtime",
    ) else {
        return;
    };
    let Some((_driver, client)) = start_browser().await else {
        return;
    };
    let pages = every_page_type(&app).await.pages;

    let artifacts = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser-artifacts");
    let html_dir = artifacts.join("html");
    let _ = std::fs::remove_dir_all(&html_dir);
    std::fs::create_dir_all(&html_dir).unwrap();
    let mut j = Journey {
        client: &client,
        base: &app.base,
        lang: Lang::Pt,
        artifacts,
        shots: 300,
    };
    let mut found = Vec::new();
    let mut served = Vec::new();
    for (device, width, lang) in [("phone", 360, Lang::Pt), ("laptop", 1280, Lang::Fr)] {
        j.lang = lang;
        client.set_window_size(width, 900).await.unwrap();
        // On the phone the public pages are read without an account; then the organiser signs
        // in, and stays signed in for the staff pages and the laptop.
        let rounds: &[&[Reader]] = if device == "phone" {
            &[&[Reader::Anyone], &[Reader::Staff]]
        } else {
            &[&[Reader::Anyone, Reader::Staff]]
        };
        for readers in rounds {
            if readers == &[Reader::Staff] {
                sign_in(&j, lang).await;
            }
            for p in pages.iter().filter(|p| readers.contains(&p.reader)) {
                let sep = if p.path.contains('?') { '&' } else { '?' };
                j.open(&format!("{}{sep}lang={}", p.path, lang.code()))
                    .await;
                let where_ = format!("{device} {} ({})", p.name, p.path);
                let (status, html) = served_html(&client).await;
                if status != p.status {
                    found.push(format!("{where_}: served with {status}"));
                }
                let file = html_dir.join(format!("{device}-{}.html", p.name));
                std::fs::write(&file, html).unwrap();
                served.push((file, where_.clone()));
                let [scroll, inner] = widths(&client).await;
                if scroll > inner {
                    found.push(format!("{where_}: {scroll} px wide in {inner}"));
                }
                j.shot(&format!("{device}-{}", p.name)).await;
                for v in axe_violations(&client).await {
                    found.push(format!("{where_}: axe {v}"));
                }
            }
        }
    }
    client.close().await.unwrap();
    app.stop().await;
    found.extend(validator_messages(&vnu, &served));
    assert!(
        found.is_empty(),
        "{} problems on {} pages:\n{}",
        found.len(),
        served.len(),
        found.join("\n")
    );
}

async fn sign_in(j: &Journey<'_>, lang: Lang) {
    j.open(&format!("/login?lang={}", lang.code())).await;
    j.fill("input[name=email]", STAFF_EMAIL).await;
    j.fill("input[name=password]", "a-long-password").await;
    j.press("login-submit").await;
    j.wait_for_path(|p| !p.starts_with("/login")).await;
}

/// The open page's HTML as the server sends it (asked again by the page itself, with its
/// cookies), and the status it came with.
async fn served_html(client: &Client) -> (u16, String) {
    let answer = client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             fetch(location.href, {credentials: 'same-origin'})
               .then(r => r.text().then(t => done([r.status, t])))
               .catch(e => done([0, String(e)]));",
            vec![],
        )
        .await
        .unwrap();
    let status = u16::try_from(answer[0].as_u64().unwrap_or_default()).unwrap_or_default();
    (status, answer[1].as_str().unwrap_or_default().to_string())
}

/// The document's width and the window's.
async fn widths(client: &Client) -> [u64; 2] {
    let sizes = client
        .execute(
            "return [document.documentElement.scrollWidth, window.innerWidth];",
            vec![],
        )
        .await
        .unwrap();
    [sizes[0].as_u64().unwrap(), sizes[1].as_u64().unwrap()]
}

/// axe-core (Deque's accessibility engine, `tests/data/axe/`, MPL-2.0) run on the open page,
/// with WCAG 2.2's target size (24 px) on: each violation, whatever its impact, as
/// `rule (impact): where`.
async fn axe_violations(client: &Client) -> Vec<String> {
    let source = include_str!("../data/axe/axe.min.js");
    client.execute(source, vec![]).await.unwrap();
    let result = client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, {resultTypes: ['violations'],
                                rules: {'target-size': {enabled: true}}})
               .then(r => done(r.violations.map(v => [v.id, v.impact || '',
                  v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')])))
               .catch(e => done([['axe-error', 'serious', String(e)]]));",
            vec![],
        )
        .await
        .unwrap();
    result
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            format!(
                "{} ({}): {}",
                v[0].as_str().unwrap_or_default(),
                v[1].as_str().unwrap_or_default(),
                v[2].as_str().unwrap_or_default()
            )
        })
        .collect()
}

/// The Nu HTML Checker run once over every served page: each error and warning as
/// `page: line N: message`. Its informational notes are not counted.
fn validator_messages(vnu: &Path, served: &[(PathBuf, String)]) -> Vec<String> {
    let output = Command::new("java")
        .arg("-jar")
        .arg(vnu)
        .args(["--format", "json", "--stdout", "--exit-zero-always"])
        .args(served.iter().map(|(file, _)| file))
        .output()
        .expect("java runs the Nu HTML Checker");
    let report: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "the checker's report: {e}\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    let mut found = Vec::new();
    for m in report["messages"].as_array().unwrap() {
        let kind = m["type"].as_str().unwrap_or_default();
        let warning = m["subType"] == "warning";
        if kind == "info" && !warning {
            continue;
        }
        let url = m["url"].as_str().unwrap_or_default();
        let page = served
            .iter()
            .find(|(file, _)| url.ends_with(&*file.to_string_lossy()))
            .map_or(url, |(_, where_)| where_.as_str());
        found.push(format!(
            "{page}: line {}: {} {}",
            m["lastLine"],
            if warning { "warning" } else { kind },
            m["message"].as_str().unwrap_or_default()
        ));
    }
    found
}
