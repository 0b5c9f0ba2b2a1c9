//! The OpenAPI document and the server agree: every field an answer carries is declared where
//! the document describes that answer (so a client generated from it shows every field), and
//! `null` comes only where the document allows it.

use serde_json::{Value, json};

use crate::both_backends;
use crate::harness::{
    Req, TestApp, account_with_token, decide_boards, event_with_players, finished_record,
    link_account, pair_round,
};

/// The document's schema at a `$ref`.
fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => {
            let mut at = doc;
            for part in reference.trim_start_matches("#/").split('/') {
                at = &at[part];
            }
            resolve(doc, at)
        }
        None => schema,
    }
}

/// The properties a schema declares (through `allOf`, `oneOf` and `anyOf` too), and whether it
/// declares any at all or leaves the object open.
fn properties<'a>(doc: &'a Value, schema: &'a Value, out: &mut Vec<(&'a str, &'a Value)>) -> bool {
    let schema = resolve(doc, schema);
    let mut open = schema
        .get("additionalProperties")
        .is_some_and(Value::is_object)
        || schema.get("additionalProperties") == Some(&Value::Bool(true));
    if let Some(map) = schema.get("properties").and_then(Value::as_object) {
        out.extend(map.iter().map(|(k, v)| (k.as_str(), v)));
    }
    for combined in ["allOf", "oneOf", "anyOf"] {
        for part in schema
            .get(combined)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            open |= properties(doc, part, out);
        }
    }
    open
}

fn nullable(doc: &Value, schema: &Value) -> bool {
    let schema = resolve(doc, schema);
    schema.get("nullable") == Some(&Value::Bool(true))
        || ["oneOf", "anyOf", "allOf"].iter().any(|c| {
            schema
                .get(*c)
                .and_then(Value::as_array)
                .is_some_and(|parts| parts.iter().any(|p| nullable(doc, p)))
        })
        || schema.get("type").is_none() && schema.get("$ref").is_none() && {
            let mut none = Vec::new();
            !properties(doc, schema, &mut none) && none.is_empty() && schema.get("items").is_none()
        }
}

/// What in `value` the schema does not declare: fields it has no property for, `null` where it
/// is not nullable; each named by its path in the answer.
fn undeclared(doc: &Value, schema: &Value, value: &Value, path: &str, found: &mut Vec<String>) {
    let schema = resolve(doc, schema);
    match value {
        Value::Null if !nullable(doc, schema) => {
            found.push(format!("{path}: null, not nullable"));
        }
        Value::Object(map) => {
            let mut declared = Vec::new();
            let open = properties(doc, schema, &mut declared);
            for (key, inner) in map {
                match declared.iter().find(|(name, _)| name == key) {
                    Some((_, property)) => {
                        undeclared(doc, property, inner, &format!("{path}.{key}"), found);
                    }
                    None if open => {}
                    None => found.push(format!("{path}.{key}: not in the document")),
                }
            }
        }
        Value::Array(items) => {
            if let Some(item) = schema.get("items") {
                for (i, inner) in items.iter().enumerate().take(5) {
                    undeclared(doc, item, inner, &format!("{path}[{i}]"), found);
                }
            }
        }
        _ => {}
    }
}

/// The schema of the 200 (or 201) answer of `method path` in the document, `path` written as
/// the document writes it (`/api/v1/events/{id}`).
fn answer_schema<'a>(doc: &'a Value, method: &str, template: &str) -> &'a Value {
    let operation = &doc["paths"][template][method];
    assert!(
        operation.is_object(),
        "{method} {template} is in the document"
    );
    let responses = &operation["responses"];
    let answer = if responses["200"].is_object() {
        &responses["200"]
    } else {
        &responses["201"]
    };
    &answer["content"]["application/json"]["schema"]
}

async fn every_answered_field_is_in_the_document(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let ana_token = account_with_token(app, "ana@example.ao", "Ana Kiala", "player");
    let doc = client
        .send(Req::get("/api/v1/openapi.json"))
        .await
        .expect(200)
        .json();
    let (event, _) = event_with_players(
        &client,
        &token,
        json!({"name": "Taça do Documento", "format": "swiss", "rounds": 3,
               "starts_on": "2026-12-05", "location": "Luanda"}),
        &["Ana Kiala", "Bento Lunda", "Carla Muxima", "Domingos Neto"],
    )
    .await;
    client
        .send(
            Req::put(format!("/api/v1/events/{event}/prizes"))
                .bearer(&token)
                .json(json!({"places": [1000, 500]})),
        )
        .await
        .expect(200);
    let round = pair_round(&client, &token, event).await;
    let game = round["pairings"][0]["game_id"].as_i64().unwrap();
    let ana = round["pairings"][0]["first"]["id"].as_i64().unwrap();
    link_account(&client, &token, event, ana, "ana@example.ao").await;
    let (record, _) = finished_record(
        kiela::rules::Variant::Advanced,
        kiela::rules::Side::South,
        3,
    );
    client
        .send(
            Req::post(format!("/api/v1/games/{game}/record"))
                .bearer(&token)
                .text(&record),
        )
        .await
        .expect(200);
    let others: Vec<&str> = round["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .skip(1)
        .map(|_| "1/2-1/2")
        .collect();
    let rest = json!({"pairings": round["pairings"].as_array().unwrap()[1..]});
    decide_boards(&client, &token, &rest, &others).await;
    let player = client
        .send(Req::get(format!("/api/v1/events/{event}/players/{ana}")).bearer(&token))
        .await
        .expect(200)
        .json();
    let federation_id = player["federation_id"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let mut asked: Vec<(&str, String, String, Option<String>)> = vec![
        (
            "get",
            "/api/v1/events".into(),
            "/api/v1/events".into(),
            None,
        ),
        (
            "get",
            "/api/v1/events/{id}".into(),
            format!("/api/v1/events/{event}"),
            None,
        ),
        (
            "get",
            "/api/v1/events/{id}/players".into(),
            format!("/api/v1/events/{event}/players"),
            Some(token.clone()),
        ),
        (
            "get",
            "/api/v1/events/{id}/players".into(),
            format!("/api/v1/events/{event}/players"),
            None,
        ),
        (
            "get",
            "/api/v1/events/{id}/players/{pid}".into(),
            format!("/api/v1/events/{event}/players/{ana}"),
            Some(token.clone()),
        ),
        (
            "get",
            "/api/v1/events/{id}/rounds/{n}".into(),
            format!("/api/v1/events/{event}/rounds/1"),
            None,
        ),
        (
            "get",
            "/api/v1/events/{id}/standings".into(),
            format!("/api/v1/events/{event}/standings"),
            None,
        ),
        (
            "get",
            "/api/v1/games/{id}".into(),
            format!("/api/v1/games/{game}"),
            None,
        ),
        (
            "get",
            "/api/v1/games/{id}/submissions".into(),
            format!("/api/v1/games/{game}/submissions"),
            Some(token.clone()),
        ),
        (
            "get",
            "/api/v1/events/{id}/prizes".into(),
            format!("/api/v1/events/{event}/prizes"),
            Some(token.clone()),
        ),
        (
            "get",
            "/api/v1/me/games".into(),
            "/api/v1/me/games".into(),
            Some(ana_token),
        ),
        (
            "get",
            "/api/v1/registry".into(),
            "/api/v1/registry".into(),
            None,
        ),
        (
            "get",
            "/api/v1/ratings".into(),
            "/api/v1/ratings".into(),
            None,
        ),
        (
            "get",
            "/api/v1/events/{id}/players/{pid}/link".into(),
            format!("/api/v1/events/{event}/players/{ana}/link"),
            Some(token.clone()),
        ),
    ];
    if !federation_id.is_empty() {
        asked.push((
            "get",
            "/api/v1/registry/{federation_id}".into(),
            format!("/api/v1/registry/{federation_id}"),
            None,
        ));
    }
    let mut found = Vec::new();
    for (method, template, path, bearer) in &asked {
        let mut req = Req::get(path.clone());
        if let Some(token) = bearer {
            req = req.bearer(token);
        }
        let answer = client.send(req).await.expect(200).json();
        let schema = answer_schema(&doc, method, template);
        undeclared(
            &doc,
            schema,
            &answer,
            &format!("{method} {path}"),
            &mut found,
        );
    }
    assert!(
        found.is_empty(),
        "answers the document does not describe:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_walker_finds_undeclared_fields_and_nulls() {
    let doc = json!({"components": {"schemas": {
        "A": {"type": "object", "properties": {"a": {"type": "integer"},
              "b": {"type": "string", "nullable": true}}},
        "B": {"allOf": [{"$ref": "#/components/schemas/A"},
              {"type": "object", "properties": {"c": {"type": "array", "items": {"$ref": "#/components/schemas/A"}}}}]}
    }}});
    let schema = json!({"$ref": "#/components/schemas/B"});
    let mut found = Vec::new();
    undeclared(
        &doc,
        &schema,
        &json!({"a": 1, "b": null, "c": [{"a": null, "z": 1}]}),
        "x",
        &mut found,
    );
    assert_eq!(
        found,
        [
            "x.c[0].a: null, not nullable",
            "x.c[0].z: not in the document"
        ]
    );
}

both_backends!(every_answered_field_is_in_the_document);
