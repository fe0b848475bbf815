//! Every figure drawn as SVG from a finished run, a sweep's rows and the theory's points: each
//! draws, says what it shows (title and legend), and marks the cursor where it has one.

use super::*;
use crate::repro::rows::from_csv;
use crate::repro::SummaryRow;
use crate::session::fake_worker::{finished_session, small};
use crate::session::store::RunData;
use crate::sweep::PointRow;

const SIZE: (u32, u32) = (640, 320);
/// The cursor's colour as SVG writes it.
const CURSOR_SVG: &str = "#C80000";

fn svg(draw: impl FnOnce(Root<SVGBackend>) -> DrawResult) -> String {
    register_font().unwrap();
    svg_drawn(draw).0
}

/// The SVG and where the figure drew its parts.
fn svg_drawn(draw: impl FnOnce(Root<SVGBackend>) -> DrawResult) -> (String, Drawn) {
    register_font().unwrap();
    let mut out = String::new();
    let drawn = {
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        draw(root).expect("the figure draws")
    };
    (out, drawn)
}

fn has_all(svg: &str, words: &[&str]) {
    for w in words {
        assert!(svg.contains(w), "the figure lacks {w:?}");
    }
}

/// An SVG text element holding exactly `s`.
fn text(s: &str) -> String {
    format!(">\n{s}\n</text>")
}

fn baseline_rows() -> Vec<PointRow> {
    let text = include_str!("../../repro/baseline/summary.csv");
    let rows: Vec<SummaryRow> = from_csv(text).unwrap();
    rows.into_iter().map(|r| (0, r)).collect()
}

#[test]
fn every_time_figure_draws_its_run_and_marks_the_cursor_only_when_away_from_the_edge() {
    let session = finished_session(small());
    let run = &session.run().unwrap().view();
    let span = run.span_us();
    type Draw = fn(Root<SVGBackend>, &RunView, &At) -> DrawResult;
    let figures: [(&str, Draw, &[&str]); 5] = [
        (
            "cwnd",
            |r, run, at| cwnd(r, run, None, 3, at),
            &["congestion window", "flow 3", "elephants"],
        ),
        (
            "delay",
            |r, run, at| delay(r, run, 3, at),
            &["delay of flow 3", "raw RTT", "decision signal"],
        ),
        (
            "queues",
            |r, run, at| queues(r, run, &[], at),
            &["queue depth", "(elephant)"],
        ),
        (
            "fct",
            |r, run, at| fct_cdf(r, run, at),
            &["flow completion times", "lower bound", "CCT"],
        ),
        (
            "flows",
            |r, run, at| flows(r, run, at),
            &["flows over time", "sprayed flows (CCT", "elephants"],
        ),
    ];
    for (name, draw, words) in figures {
        let live = svg(|root| draw(root, run, &At::still(Style::PAGE)));
        has_all(&live, words);
        assert!(
            !live.contains(CURSOR_SVG),
            "{name}: a cursor at the live edge"
        );
        let at = At {
            cursor: Some(span / 2.0),
            ..At::still(Style::PAGE)
        };
        let scrubbed = svg(|root| draw(root, run, &at));
        assert!(scrubbed.contains(CURSOR_SVG), "{name}: no cursor");
        assert_ne!(live, scrubbed, "{name}: the cursor changes nothing");
    }
}

#[test]
fn an_empty_run_draws_each_time_figure_with_a_note() {
    let kept = RunData::new(0, small());
    let run = kept.view();
    let at = At::still(Style::PAGE);
    for drawn in [
        svg(|root| cwnd(root, &run, None, 0, &at)),
        svg(|root| delay(root, &run, 0, &at)),
        svg(|root| queues(root, &run, &[], &at)),
    ] {
        assert!(drawn.contains("press Run"));
    }
    assert!(svg(|root| fct_cdf(root, &run, &at)).contains("after the run"));
    assert!(svg(|root| flows(root, &run, &at)).contains("after the run"));
}

/// A report of four flows: two of host 5 (the second started by the first's finish), one of
/// host 2 starting late, one no trigger started.
fn four_flows() -> crate::Report {
    use crate::sim::metrics::FlowReport;
    let flow = |src, dst, start: Option<f64>, finish: Option<f64>| FlowReport {
        src,
        dst,
        bytes: 65536,
        sprayed: true,
        start_us: start,
        fct_us: finish.zip(start).map(|(f, s)| f - s),
        finish_us: finish,
        ideal_fct_us: Some(5.0),
        throughput_gbps: None,
        retransmits: 0,
        timeouts: 0,
    };
    crate::Report {
        finished: false,
        sim_time_us: 40.0,
        cct_us: None,
        ideal_cct_us: 10.0,
        cct_inflation: None,
        flows: vec![
            flow(5, 1, Some(10.0), Some(20.0)),
            flow(5, 2, Some(0.0), Some(10.0)),
            flow(2, 7, Some(30.0), None),
            flow(3, 4, None, None),
        ],
        counters: Default::default(),
        perf: None,
    }
}

#[test]
fn the_flows_chart_has_a_row_per_started_flow_by_sender_and_start_and_reads_the_one_pointed_at() {
    let report = four_flows();
    // host 2's flow first, then host 5's in the order they started; the unstarted one has none
    assert_eq!(flow_rows(&report), vec![2, 1, 0]);
    assert_eq!(flow_span(&report.flows[2], 40.0), Some((30.0, 40.0)));
    assert_eq!(flow_span(&report.flows[3], 40.0), None);
    // the top row is the highest y
    assert_eq!(
        (row_at(2.0, 3), row_at(0.2, 3), row_at(-0.4, 3)),
        (Some(0), Some(2), Some(2))
    );
    assert_eq!((row_at(2.6, 3), row_at(-0.6, 3)), (None, None));
    assert_eq!(
        flows_at(&report, 15.0, Some(0.0)),
        [
            "1 running, 1 finished, 1 yet to start",
            "flow 0: host 5 → 1, 64KiB, 10.0 to 20.0 µs (FCT 10.0 µs)"
        ]
    );
    assert_eq!(
        flows_at(&report, 35.0, Some(2.0))[1],
        "flow 2: host 2 → 7, 64KiB, from 30.0 µs, unfinished"
    );
    // drawn: one bar a started flow, none past the cursor for a flow not yet started
    let scenario = small();
    let run = RunView {
        id: 0,
        scenario: &scenario,
        meta: None,
        batches: &[],
        summary: &[],
        port_peak: &[],
        progress: None,
        report: Some(&report),
    };
    let c = palette::cca(run.cca());
    let colour = format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
    let bars = |svg: &str| {
        svg.lines()
            .filter(|l| l.starts_with("<rect") && l.contains(&colour))
            .count()
    };
    let (all, drawn) = svg_drawn(|root| flows(root, &run, &At::still(Style::PAGE)));
    assert_eq!(bars(&all), 3 + 1, "three bars and the legend's box");
    let at = At {
        cursor: Some(15.0),
        ..At::still(Style::PAGE)
    };
    assert_eq!(bars(&svg(|root| flows(root, &run, &at))), 2 + 1);
    // the drawn y axis maps the plot's top to the top row
    let y = drawn.y.expect("a y axis");
    let top = y.value_at(y.px.0 as f64 + 1.0).unwrap();
    assert_eq!(row_at(top, 3), Some(0));
}

#[test]
fn the_comparison_figures_name_every_run() {
    let (a, mut b) = (finished_session(small()), small());
    b.set_field("cca", "swift").unwrap();
    let b = finished_session(b);
    let runs = [&a, &b].map(|s| Compared {
        run: s.run().unwrap().view(),
        label: format!("#0 {}", s.run().unwrap().view().cca()),
    });
    let at = At::still(Style::PAGE);
    for drawn in [
        svg(|root| compare_cwnd(root, &runs, &at)),
        svg(|root| compare_fct(root, &runs, &at)),
    ] {
        has_all(&drawn, &["mswift", "swift"]);
    }
}

#[test]
fn a_paper_figure_is_bars_over_every_lb_and_cca_with_its_seeds_in_the_title() {
    let rows = baseline_rows();
    let f = crate::repro::figure("baseline").unwrap();
    let title = figure_title(f, 10);
    let chart = SweepChart {
        rows: &rows,
        points: &[],
        over_q: false,
        log: false,
        title: &title,
    };
    let drawn = svg(|root| sweep(root, &chart, &At::still(Style::PRINT)));
    has_all(
        &drawn,
        &["Fig. 4: baseline · 10 seeds per cell", "OPS", "AR", "REPS"],
    );
    for c in f.ccas {
        assert!(
            drawn.contains(&text(&c.to_string())),
            "no legend entry for {c}"
        );
    }
    // one bar per cell: 15 rectangles in the CCAs' colours at least
    assert!(drawn.matches("<rect").count() >= 15);
}

#[test]
fn a_what_if_over_a_field_draws_a_line_per_cca_against_its_values() {
    let mut rows = baseline_rows();
    let mut second = rows.clone();
    for (p, _) in &mut second {
        *p = 1;
    }
    rows.extend(second);
    let points = ["elephants=4".to_string(), "elephants=8".to_string()];
    let chart = SweepChart {
        rows: &rows,
        points: &points,
        over_q: false,
        log: true,
        title: "what-if",
    };
    let drawn = svg(|root| sweep(root, &chart, &At::still(Style::PAGE)));
    has_all(
        &drawn,
        &[
            "elephants",
            &text("4"),
            &text("8"),
            "log scale",
            "mswift · OPS",
        ],
    );
}

#[test]
fn the_theory_figure_draws_points_and_closed_forms_on_log_axes() {
    let text = include_str!("../../repro/theory/summary.csv");
    let rows: Vec<PointRow> = from_csv::<SummaryRow>(text)
        .unwrap()
        .into_iter()
        .map(|r| (0, r))
        .collect();
    let f = crate::repro::figure("theory").unwrap();
    let title = figure_title(f, 1);
    let chart = SweepChart {
        rows: &rows,
        points: &[],
        over_q: true,
        log: false,
        title: &title,
    };
    let drawn = svg(|root| sweep(root, &chart, &At::still(Style::PRINT)));
    has_all(
        &drawn,
        &[
            "throughput against q",
            "tcp, simulated",
            "closed form",
            "Gbps (log scale)",
        ],
    );
    let npath = crate::Scenario::preset("npath").unwrap();
    let points = [TheoryPoint {
        cca: CcaName::SWIFT,
        q: 0.05,
        gbps: 80.0,
    }];
    let drawn = svg(|root| {
        theory(
            root,
            &npath,
            &[CcaName::SWIFT],
            &points,
            &At::still(Style::PAGE),
        )
    });
    has_all(&drawn, &["line rate", "SMaRTT model", "simulated"]);
}

#[test]
fn text_is_drawn_at_the_style_s_sizes() {
    let rows = baseline_rows();
    let chart = SweepChart {
        rows: &rows,
        points: &[],
        over_q: false,
        log: false,
        title: "t",
    };
    for style in [Style::PAGE, Style::PRINT] {
        let drawn = svg(|root| sweep(root, &chart, &At::still(style)));
        for px in [style.title_px, style.text_px] {
            // plotters' SVG writes a size of s pixels as s / 1.24
            let size = format!("font-size=\"{}\"", px as f64 / 1.24);
            assert!(drawn.contains(&size), "no text at {px} px");
        }
    }
}

#[test]
fn the_time_charts_draw_their_reference_lines_labelled() {
    let session = finished_session(small());
    let run = &session.run().unwrap().view();
    let refs = run.meta.as_ref().unwrap().references;
    assert!(refs.bdp_packets > 1.0 && refs.window_cap_packets >= refs.bdp_packets);
    let at = At::still(Style::PAGE);
    let cwnd = svg(|root| cwnd(root, run, None, 0, &at));
    has_all(
        &cwnd,
        &[&format!("BDP {:.0} pkts", refs.bdp_packets), "window cap"],
    );
    // MSwift's target: the delay chart draws it
    let delay = svg(|root| delay(root, run, 0, &at));
    has_all(&delay, &[&text("target")]);
    let queues = svg(|root| queues(root, run, &[], &at));
    let ecn = refs.port.ecn_min_bytes / 1024.0;
    has_all(&queues, &[&format!("ECN threshold {ecn:.0} KiB"), "buffer"]);
}

#[test]
fn a_hidden_series_leaves_the_plot_and_stays_greyed_in_the_legend() {
    let session = finished_session(small());
    let run = &session.run().unwrap().view();
    let all = At::still(Style::PAGE);
    let (shown, drawn) = svg_drawn(|root| cwnd(root, run, None, 0, &all));
    let keys: Vec<&str> = drawn.legend.iter().map(|b| b.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            CWND_BAND,
            CWND_MEAN,
            CWND_FLOW,
            CWND_ELEPHANTS,
            CWND_BDP,
            CWND_CAP
        ]
    );
    let hidden = [CWND_MEAN.to_string()];
    let at = At {
        hidden: &hidden,
        ..all
    };
    let (without, drawn_without) = svg_drawn(|root| cwnd(root, run, None, 0, &at));
    assert_ne!(shown, without);
    assert_eq!(
        drawn.legend, drawn_without.legend,
        "the entry stays where it was"
    );
    // MSwift's colour: its mean line is gone, the band (its colour, translucent) stays
    let mean_lines = |svg: &str| svg.matches("stroke-width=\"3\"").count();
    assert!(mean_lines(&without) < mean_lines(&shown));
}

#[test]
fn a_run_in_lockstep_beside_draws_its_mean_window_in_its_colour() {
    let session = finished_session(small());
    let run = &session.run().unwrap().view();
    let mut swift = small();
    swift.cca.algorithm = crate::scenario::CcaKind::Swift;
    let partner_session = finished_session(swift);
    let partner = &partner_session.run().unwrap().view();
    let at = At::still(Style::PAGE);
    let (alone, drawn_alone) = svg_drawn(|root| cwnd(root, run, None, 0, &at));
    let (both, drawn) = svg_drawn(|root| cwnd(root, run, Some(partner), 0, &at));
    let keys: Vec<&str> = drawn.legend.iter().map(|b| b.key.as_str()).collect();
    assert_eq!(&keys[..3], [CWND_BAND, CWND_MEAN, CWND_PARTNER]);
    assert!(!drawn_alone.legend.iter().any(|b| b.key == CWND_PARTNER));
    has_all(&both, &["mean (swift, in lockstep)"]);
    let (r, g, b) = palette::cca(partner.cca()).rgb();
    let swift_stroke = format!("stroke=\"#{r:02X}{g:02X}{b:02X}\"");
    let count = |svg: &str| svg.matches(&swift_stroke).count();
    assert!(count(&both) > count(&alone), "{swift_stroke}");
}

#[test]
fn a_zoomed_time_chart_spans_the_zoom_and_says_so_on_its_axis() {
    let session = finished_session(small());
    let run = &session.run().unwrap().view();
    let span = run.span_us();
    let at = At {
        zoom: Some((span / 4.0, span / 2.0)),
        ..At::still(Style::PAGE)
    };
    let drawn = [
        svg_drawn(|root| cwnd(root, run, None, 0, &at)).1,
        svg_drawn(|root| delay(root, run, 0, &at)).1,
        svg_drawn(|root| queues(root, run, &[], &at)).1,
    ];
    for drawn in drawn {
        let x = drawn.x.expect("a time axis");
        assert_eq!(x.range, (span / 4.0, span / 2.0));
        let mid = (x.px.0 + x.px.1) as f64 / 2.0;
        let t = x.value_at(mid).unwrap();
        assert!((t - 3.0 * span / 8.0).abs() < 1e-9 * span);
        assert_eq!(x.value_at(x.px.1 as f64 + 1.0), None);
    }
}

/// The decision chart draws a real trace's decision: an MSwift decision over its last H
/// samples with the median and the target, a Swift one on its latest sample; and a note while
/// there is none.
#[test]
fn the_decision_figure_draws_the_samples_the_signal_and_the_target() {
    use crate::session::decisions::{sentence, statistic, FlowTrace};
    use crate::sim::Simulation;
    for cca in [CcaName::MSWIFT, CcaName::SWIFT] {
        let mut s = small();
        cca.apply(&mut s.cca);
        let mut sim = Simulation::new(&s).unwrap();
        sim.trace_flow(2).unwrap();
        sim.run();
        let trace = FlowTrace {
            run: 1,
            flow: 2,
            rows: sim.trace().decisions.rows.clone(),
            left_out: 0,
        };
        let i = trace.rows.len() / 2;
        let row = trace.rows[i];
        let d = DecisionAt {
            flow: 2,
            index: i,
            row,
            samples: trace.samples(i),
            statistic: row.history.map(|_| statistic(cca)),
            sentence: sentence(&trace, i, "median"),
        };
        let svg = svg(|r| decision(r, Ok(&d), cca, &At::still(Style::PAGE)));
        let words: &[&str] = match cca == CcaName::MSWIFT {
            true => &[
                "flow 2, decision ",
                "the last",
                "their median: the signal (mswift)",
                "target",
            ],
            false => &[
                "flow 2, decision ",
                "the RTT samples before",
                "the signal (swift): the latest",
                "target",
            ],
        };
        has_all(&svg, words);
        // a ring on the latest sample, in the cursor's colour
        assert!(svg.contains(&format!("stroke=\"{CURSOR_SVG}\"")), "{cca}");
        let h = row
            .history
            .unwrap_or(crate::session::decisions::CONTEXT_SAMPLES + 1);
        assert!(
            d.samples.len() <= h && !d.samples.is_empty(),
            "{cca}: {}",
            d.samples.len()
        );
    }
    let note = svg(|r| {
        decision(
            r,
            Err("Tracing flow 2"),
            CcaName::MSWIFT,
            &At::still(Style::PAGE),
        )
    });
    has_all(&note, &["the decision at the cursor", "Tracing flow 2"]);
}

/// The page draws every chart of the chart table through one dispatch: each draws its figure
/// from a page with a finished run (the network pictures are the shell's own).
#[test]
fn the_page_draws_every_chart_of_its_table() {
    use crate::session::charts::Chart;
    let page = crate::session::fake_worker::finished_page(small());
    for chart in Chart::all() {
        let mut out = String::new();
        let drawn = {
            register_font().unwrap();
            let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
            page.draw_chart(chart, root, &At::still(Style::PAGE))
        };
        match chart {
            Chart::Network | Chart::PartnerNetwork => assert!(drawn.is_none(), "{chart:?}"),
            // no partner beside the run: its canvas is not on the page, nothing is drawn
            Chart::PartnerCwnd => assert!(!out.contains("<text"), "{chart:?}"),
            _ => {
                drawn.expect("a figure").expect("it draws");
                assert!(out.contains("<text"), "{chart:?} has no text");
            }
        }
    }
}

/// A text element of an SVG figure: its line (y), its left and right edges and what it says.
struct Placed {
    y: String,
    left: f64,
    right: f64,
    text: String,
}

/// Every unrotated text of `svg`, placed with its width as the figures' font measures it.
fn placed_texts(svg: &str) -> Vec<Placed> {
    let attr = |tag: &str, name: &str| -> Option<String> {
        let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        Some(tag[at..].split('"').next()?.to_string())
    };
    let mut out = Vec::new();
    for piece in svg.split("<text ").skip(1) {
        let (tag, rest) = piece.split_once('>').unwrap();
        let tag = &format!(" {tag}");
        let text = rest.split("</text>").next().unwrap().trim().to_string();
        if tag.contains("transform") || text.is_empty() {
            continue;
        }
        let x: f64 = attr(tag, "x").unwrap().parse().unwrap();
        // plotters writes a font's pixel size over 1.24
        let px: f64 = attr(tag, "font-size").unwrap().parse::<f64>().unwrap() * 1.24;
        let font = FontDesc::new(FontFamily::SansSerif, px.round(), FontStyle::Normal);
        let text = text
            .replace("&amp;", "&")
            .replace("&lt;", "<")
            .replace("&gt;", ">");
        // a browser's sans-serif runs a few per cent wider than the font registered here
        let width = font.box_size(&text).unwrap().0 as f64 * 1.06;
        let left = match attr(tag, "text-anchor").as_deref() {
            Some("middle") => x - width / 2.0,
            Some("end") => x - width,
            _ => x,
        };
        let y = attr(tag, "y").unwrap();
        out.push(Placed {
            y,
            left,
            right: left + width,
            text,
        });
    }
    out
}

/// Every chart the page draws, at a phone's width (356 of a 390 px screen) in the page's text
/// sizes and at half a projector's (1280×720) in the presentation's, keeps its words readable:
/// no text past the canvas's edges, and no two texts on one line overlapping (titles, axis
/// names, tick labels, legend entries, notes), with and without a run on the page.
#[test]
fn every_chart_fits_a_phone_and_the_presentation() {
    use crate::session::charts::Chart;
    let fresh = crate::session::page::Page::new(small());
    let ran = crate::session::fake_worker::finished_page(small());
    let screens = [(Style::PAGE, (356, 262)), (Style::PRESENT, (580, 245))];
    for (page, when) in [(&fresh, "before a run"), (&ran, "after a run")] {
        for (chart, (style, size)) in Chart::all().flat_map(|c| screens.map(|s| (c, s))) {
            let mut out = String::new();
            {
                register_font().unwrap();
                let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
                page.draw_chart(chart, root, &At::still(style));
            }
            let texts = placed_texts(&out);
            for t in &texts {
                assert!(
                    t.left >= -0.5 && t.right <= size.0 as f64 + 0.5,
                    "{chart:?} {when} at {size:?}: {:?} runs past the edge ({:.0} to {:.0})",
                    t.text,
                    t.left,
                    t.right
                );
            }
            for a in &texts {
                for b in texts.iter().filter(|b| b.y == a.y && b.left > a.left) {
                    assert!(
                        b.left >= a.right - 0.5,
                        "{chart:?} {when} at {size:?}: {:?} and {:?} overlap",
                        a.text,
                        b.text
                    );
                }
            }
        }
    }
}
