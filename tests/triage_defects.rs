//! Defects, not buckets (issue 42): the report's grouping of buckets into
//! defects, on committed findings.
//!
//! - The Z3 5.4.1 `--settings on` campaign (`tests/data/findings/
//!   z3-5.4.1-settings`): its local search aborts "NOT IMPLEMENTED YET" at
//!   lines 137 and 508 of `sls_seq_plugin.cpp` (two buckets, one family:
//!   one defect), and "UNEXPECTED CODE WAS REACHED" at line 362 of
//!   `sls_context.cpp` (another file, another abort: another defect); its
//!   invalid models join no crash.
//! - The Z3 4.8.5 campaign (`tests/data/triage-buckets`): five bugs by
//!   reading, five buckets, and five defects: none merged.

use std::path::{Path, PathBuf};

use equifuzz::triage::findings::buckets;
use equifuzz::triage::report::defects;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// A copy of a committed folder, so that nothing is written beside the data.
fn copy_of(name: &str) -> PathBuf {
    let to = std::env::temp_dir().join(format!("equifuzz-defects-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&to).ok();
    std::fs::create_dir_all(&to).unwrap();
    for e in std::fs::read_dir(data(name)).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, to.join(p.file_name().unwrap())).unwrap();
    }
    to
}

/// The bucket ids of each defect of `dir`.
fn defect_ids(dir: &Path) -> Vec<Vec<String>> {
    let bs = buckets(dir);
    defects(dir, &bs)
        .iter()
        .map(|d| d.buckets.iter().map(|&i| bs[i].key.id()).collect())
        .collect()
}

#[test]
fn the_sequence_plugin_s_crashes_are_one_defect_and_the_rest_stay_apart() {
    let dir = copy_of("findings/z3-5.4.1-settings");
    let bs = buckets(&dir);
    let ds = defects(&dir, &bs);
    let groups = defect_ids(&dir);
    // The buckets the campaign wrote in the files' `; bucket:` lines.
    let (line_137, line_508, line_362) = ("3c25554a", "bc92cca0", "54838082");
    let of = |id: &str| {
        groups
            .iter()
            .position(|g| g.iter().any(|b| b == id))
            .unwrap_or_else(|| panic!("no bucket {id} in {groups:?}"))
    };
    assert_eq!(of(line_137), of(line_508), "{groups:?}");
    assert_ne!(of(line_137), of(line_362), "{groups:?}");
    let family = &ds[of(line_137)];
    assert_eq!(family.buckets.len(), 2, "{groups:?}");
    assert!(
        family
            .cause
            .contains("not implemented in `src/ast/sls/sls_seq_plugin.cpp`")
            && family.cause.contains("line 137")
            && family.cause.contains("line 508"),
        "{}",
        family.cause
    );
    assert_eq!(family.evidence.len(), 1, "{:?}", family.evidence);
    // No invalid model joins a crash.
    for (d, g) in ds.iter().zip(&groups) {
        let kinds: std::collections::BTreeSet<&str> =
            d.buckets.iter().map(|&i| bs[i].key.kind.as_str()).collect();
        assert_eq!(kinds.len(), 1, "{g:?}: {kinds:?}");
    }
    assert_eq!(bs.len(), 5, "{groups:?}");
    assert_eq!(ds.len(), 4, "{groups:?}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn five_bugs_of_z3_4_8_5_stay_five_defects() {
    let dir = copy_of("triage-buckets");
    let groups = defect_ids(&dir);
    assert_eq!(groups.len(), 5, "{groups:?}");
    assert!(groups.iter().all(|g| g.len() == 1), "{groups:?}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Regression: an incremental finding's text was keyed without its
/// settings (`read_case` reads no script), so triage put the Z3 5.4.1
/// campaign's invalid model under settings into bucket 8e000fbd while the
/// campaign had counted it in 7a0b2222, and a finding minimized into
/// another bucket could not be told by its `; bucket:` line.
#[test]
fn every_committed_finding_s_text_keys_into_its_campaign_bucket() {
    let mut checked = 0;
    for campaign in std::fs::read_dir(data("findings")).unwrap() {
        for e in std::fs::read_dir(campaign.unwrap().path()).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_none_or(|x| x != "smt2") {
                continue;
            }
            let text = std::fs::read_to_string(&p).unwrap();
            let Some(counted) = equifuzz::finding::header_field(&text, "bucket") else {
                continue;
            };
            let key = equifuzz::finding::key_of_text(&text).unwrap();
            assert_eq!(key.id(), counted, "{}: {key}", p.display());
            checked += 1;
        }
    }
    assert!(checked >= 13, "{checked} files with a bucket line");
}
