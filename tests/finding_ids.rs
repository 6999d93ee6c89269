//! Finding file names stay the same across builds and platforms: they are
//! derived from `triage::stable_hash`, so a developer's bug report and a
//! rerun name the same file.

#[test]
fn finding_ids_are_xxh3_and_stay_the_same_across_builds() {
    // File names of findings are derived from this hash: a change of
    // algorithm (e.g. losing the `xxh3` feature, which falls back to a
    // seeded ahash that is not stable across versions) renames them.
    // XXH3-64 of "" and of "abc", from the reference implementation.
    assert_eq!(equifuzz::finding::stable_hash(b""), 0x2d06800538d394c2);
    assert_eq!(equifuzz::finding::stable_hash(b"abc"), 0x78af5f94892f3950);
}
