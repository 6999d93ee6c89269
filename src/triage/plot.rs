//! A campaign's progress as a PNG: executions, corpus, edges and findings
//! over time, one panel each, from the records of `stats.jsonl`.
//!
//! Drawn with plotters' bitmap backend and the DejaVu Sans Mono font
//! bundled in the binary (`assets/`), so no system font or fontconfig is
//! needed.
//!
//! # Invariants
//!
//! - A record without a field counts as 0 there; records are drawn in file
//!   order, one point per record (no smoothing, no resampling).

use std::path::Path;

use plotters::prelude::*;
use serde_json::Value;

static FONT: &[u8] = include_bytes!("../../assets/DejaVuSansMono.ttf");

/// One point of each series.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sample {
    /// Seconds since the campaign started.
    pub time: f64,
    /// Executions.
    pub execs: f64,
    /// Corpus entries.
    pub corpus: f64,
    /// Coverage edges.
    pub edges: f64,
    /// Findings written, all kinds.
    pub findings: f64,
}

/// The samples of a `stats.jsonl` text; unreadable lines are skipped.
pub fn samples(jsonl: &str) -> Vec<Sample> {
    jsonl
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .map(|v| {
            let n = |k: &str| v.get(k).and_then(Value::as_f64).unwrap_or(0.0);
            let findings = v
                .get("findings")
                .and_then(Value::as_object)
                .map(|m| m.values().filter_map(Value::as_f64).sum())
                .unwrap_or(0.0);
            Sample {
                time: n("time"),
                execs: n("execs"),
                corpus: n("corpus"),
                edges: n("edges"),
                findings,
            }
        })
        .collect()
}

/// A panel: its title, the series it draws and the line's colour.
type Panel = (&'static str, fn(&Sample) -> f64, RGBColor);

/// Draws the four panels of `samples` into the PNG at `path`.
pub fn draw(samples: &[Sample], path: &Path) -> Result<(), String> {
    // Registering twice is harmless; an invalid font is a build error in
    // spirit, reported as one.
    plotters::style::register_font("sans-serif", FontStyle::Normal, FONT)
        .map_err(|_| "the bundled font cannot be read".to_string())?;
    let root = BitMapBackend::new(path, (1200, 800)).into_drawing_area();
    let err = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let panels: [Panel; 4] = [
        ("executions", |s| s.execs, BLUE),
        ("corpus entries", |s| s.corpus, GREEN),
        ("coverage edges", |s| s.edges, MAGENTA),
        ("findings", |s| s.findings, RED),
    ];
    let t_max = samples.iter().map(|s| s.time).fold(1.0, f64::max);
    for (area, (title, field, color)) in root.split_evenly((2, 2)).iter().zip(panels) {
        let y_max = samples.iter().map(field).fold(1.0, f64::max) * 1.05;
        // A library without coverage instrumentation records no edges:
        // say so rather than draw a flat line that reads as a result.
        let title = if samples.iter().all(|s| field(s) == 0.0) {
            format!("{title} (none recorded)")
        } else {
            title.to_string()
        };
        let mut chart = ChartBuilder::on(area)
            .caption(title, ("sans-serif", 22))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(0.0..t_max, 0.0..y_max)
            .map_err(|e| err(&e))?;
        chart
            .configure_mesh()
            .x_desc("seconds")
            .label_style(("sans-serif", 14))
            .draw()
            .map_err(|e| err(&e))?;
        chart
            .draw_series(LineSeries::new(
                samples.iter().map(|s| (s.time, field(s))),
                color.stroke_width(2),
            ))
            .map_err(|e| err(&e))?;
    }
    root.present().map_err(|e| err(&e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_with_missing_fields_as_zero() {
        let text = "{\"time\":1.5,\"execs\":10,\"corpus\":3,\"findings\":{\"unsound\":2,\"crash\":1}}\n\
                    not json\n{\"time\":3,\"execs\":25}\n";
        let s = samples(text);
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].findings, 3.0);
        assert_eq!(s[0].edges, 0.0);
        assert_eq!(s[1].execs, 25.0);
    }

    #[test]
    fn a_png_is_drawn_with_the_series_in_it() {
        let dir = std::env::temp_dir().join(format!("equifuzz-plot-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p.png");
        let s: Vec<Sample> = (0..20)
            .map(|i| Sample {
                time: i as f64,
                execs: (i * 10) as f64,
                corpus: i as f64,
                edges: 0.0,
                findings: (i / 5) as f64,
            })
            .collect();
        draw(&s, &path).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        // A blank canvas compresses to almost nothing; four panels with
        // text and lines do not.
        assert!(bytes.len() > 20_000, "{} bytes", bytes.len());
    }
}
