//! Deduplication on real findings: the 47 minimized findings of a campaign
//! against Z3 4.8.5 (`tests/data/triage-buckets/`, five bugs by reading)
//! fall into five buckets, one per bug, while the fine key (operators and
//! shape) would have shown dozens.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use equifuzz::finding::{BucketKey, key_of_text, variant_of_text};

fn findings() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/triage-buckets");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "smt2"))
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read_to_string(e.path()).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

/// The bucket of the finding whose name contains `hash`.
fn key_of(all: &BTreeMap<String, BucketKey>, hash: &str) -> BucketKey {
    all.iter()
        .find(|(n, _)| n.contains(hash))
        .unwrap_or_else(|| panic!("no finding {hash}"))
        .1
        .clone()
}

#[test]
fn five_bugs_of_z3_4_8_5_are_five_buckets() {
    let files = findings();
    assert_eq!(files.len(), 47);
    let keys: BTreeMap<String, BucketKey> = files
        .iter()
        .map(|(n, t)| (n.clone(), key_of_text(t).expect("a finding")))
        .collect();
    let variants: BTreeSet<String> = files
        .iter()
        .map(|(_, t)| variant_of_text(t).unwrap())
        .collect();
    let buckets: BTreeSet<&BucketKey> = keys.values().collect();
    assert!(variants.len() >= 35, "{} variants", variants.len());
    assert_eq!(
        buckets.len(),
        5,
        "{:#?}",
        buckets.iter().map(|k| k.to_string()).collect::<Vec<_>>()
    );

    // The regular intersection with language {ε}, over constants: one bucket
    // whatever the regular operators around it.
    let eps = key_of(&keys, "2558a26156ee84f6"); // (re.* "b") ∩ (re.opt "a")
    for h in ["41a2b348a3f0ed21", "0d63c15a5a5bf44f", "d793b5c3a8ff8b79"] {
        assert_eq!(key_of(&keys, h), eps, "{h}");
    }
    assert_eq!(
        (eps.kind.as_str(), eps.answer.as_str(), eps.ground),
        ("unsound", "unsat", false)
    );
    // A ground membership (a loop with lower bound above upper): another bug.
    let ground = key_of(&keys, "dd419cd3bcc1c748");
    assert_eq!(key_of(&keys, "300e545ddf4087ab"), ground);
    assert!(ground.ground);
    assert_ne!(ground, eps);
    // The str.from_int decomposition answered sat, whatever the
    // transformations left around it.
    let e2 = key_of(&keys, "294724779558cb0a");
    for h in ["0b932f3ce3cacd1c", "5b56f6fbadec7134", "7da11d782d63f0b3"] {
        assert_eq!(key_of(&keys, h), e2, "{h}");
    }
    assert_eq!(
        (e2.answer.as_str(), e2.feature),
        ("sat", "str.to_int/str.from_int")
    );
    // Wrong models with str.to_int and str.from_int: one bucket, also when
    // a regular membership or an indexof sits beside the conversion.
    let model = key_of(&keys, "a446cefe87a46fec");
    for h in [
        "c140e65ef8404d16",
        "2e5ae8d91f8f3ca6",
        "bb6727946cea4308",
        "6c1e3ba2bd31341e",
    ] {
        assert_eq!(key_of(&keys, h), model, "{h}");
    }
    // Every invalid core in one bucket.
    let core = key_of(&keys, "495af16d961290b8");
    assert_eq!(
        keys.values().filter(|k| **k == core).count(),
        keys.values().filter(|k| k.kind == "invalid-core").count()
    );
}
