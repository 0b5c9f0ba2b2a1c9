//! The Berger tables equal the FIDE handbook tables in `tests/data/pairing/round_robin`.

use std::path::Path;

use kiela::tournament::berger;

#[test]
fn berger_tables_equal_the_handbook() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pairing/round_robin");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let players = json["players"].as_u64().unwrap() as usize;
        let cycles = json["cycles"].as_u64().unwrap();
        let expected: Vec<Vec<(usize, usize)>> = json["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|round| {
                round
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| {
                        (
                            b[0].as_u64().unwrap() as usize,
                            b[1].as_u64().unwrap() as usize,
                        )
                    })
                    .collect()
            })
            .collect();
        let schedule = if cycles == 2 {
            berger::double(players)
        } else {
            berger::single(players)
        };
        assert_eq!(schedule.rounds, expected, "{}", path.display());
        checked += 1;
    }
    assert_eq!(checked, 28);
}
