//! The network picture: the [`Layout`] drawn on a canvas with the 2D context (no plotting
//! library: a few thousand lines and circles per frame), at the playback cursor:
//! - every link coloured by the largest queue of its ports in the sample at the cursor;
//! - the links the elephants cross outlined in their colour;
//! - the highlighted flow's two hosts ringed, and its packets of the last few µs drawn over the
//!   paths they took (one line per path, thicker for more packets);
//! - the chosen links (their queues are plotted) outlined in black;
//! - the links down at the cursor (timed events) in the events' colour;
//! - a colour key of the queue scale.

use crate::palette;
use crate::session::layout::{Layout, LinkKind};
use crate::session::pixels::Pixels;
use crate::session::store::RunData;
use crate::sim::netmap::{Role, Shape};
use plotters::style::RGBColor;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// Simulated time over which the highlighted flow's packets are drawn on their paths, µs.
pub const SPREAD_WINDOW_US: f64 = 5.0;

/// What the picture shows besides the queues.
pub struct Marks<'a> {
    /// The highlighted flow.
    pub flow: usize,
    /// Timeline ports whose links are outlined (the queue chart's chosen ports).
    pub chosen: &'a [usize],
    /// Timeline ports whose links are down at the cursor (timed events).
    pub down: &'a [usize],
    /// The top of the colour scale, bytes.
    pub scale_bytes: f64,
    /// The size of the picture's words, CSS px: the charts' text size.
    pub text_px: u32,
}

/// Height of the colour key strip, CSS px.
pub const KEY_H: f64 = 30.0;

/// Drawing time per animation frame for the links, ms. A picture whose links take longer (the
/// first picture of a k = 16 run: over two thousand links, in code the engine has not yet
/// optimized) is finished on the next frames, and the canvas keeps the previous one meanwhile,
/// so no frame's task grows long.
pub const LINKS_SLICE_MS: f64 = 8.0;

/// The network picture under way: its pixels, and how far its links have got.
#[derive(Debug, Default)]
pub struct Picture {
    pub pixels: Pixels,
    /// The next link to draw and the run it belongs to; `None`: the next draw starts anew.
    next: Option<(usize, u32)>,
}

/// Draws the network at `cursor_us`, or as much of its links as `slice_ms` of drawing allows
/// (the page passes [`LINKS_SLICE_MS`]). `scale`: canvas pixels per CSS pixel. Returns whether
/// the picture is finished (else call again on the next frame).
#[allow(clippy::too_many_arguments)]
pub fn draw_network(
    canvas: &HtmlCanvasElement,
    picture: &mut Picture,
    scale: f64,
    layout: &Layout,
    run: &RunData,
    cursor_us: f64,
    marks: &Marks,
    slice_ms: f64,
) -> Result<bool, String> {
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .ok_or("canvas has no 2D context")?
        .dyn_into()
        .map_err(|_| "not a 2D context")?;
    // CSS pixels for the drawing calls; putImageData ignores the transform (device pixels)
    let _ = ctx.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0);
    let (w, h) = (
        canvas.width() as f64 / scale,
        canvas.height() as f64 / scale,
    );
    let plot_h = h - KEY_H;
    let at = |p: (f64, f64)| (p.0 * w, p.1 * plot_h);
    let Some(meta) = &run.meta else {
        picture.next = None;
        ctx.set_fill_style_str("#fff");
        ctx.fill_rect(0.0, 0.0, w, h);
        ctx.set_fill_style_str("#555");
        ctx.set_font(&format!("{}px sans-serif", marks.text_px));
        let _ = ctx.fill_text("the network appears when a run starts", 12.0, 24.0);
        return Ok(true);
    };
    let start_ms = crate::web::now_ms();
    let queues = run.queues_at(cursor_us);
    let many = layout.links.len() > 600;
    let base_w = if many { 1.0 } else { 2.0 };
    // the links as pixels (see `session::pixels`): the elephants' paths wide underneath, then
    // every link in its queue's colour, then the chosen links in black
    let px = |p: (f64, f64)| (p.0 * w * scale, p.1 * plot_h * scale);
    let lw = |css: f64| (css * scale).round().max(1.0) as u32;
    let pixels = &mut picture.pixels;
    let resized = (pixels.width, pixels.height) != (canvas.width(), canvas.height());
    let first = match picture.next {
        Some((next, id)) if id == run.id && !resized => next,
        _ => {
            pixels.reset(canvas.width(), canvas.height(), (255, 255, 255));
            let under = on_white(palette::ELEPHANT, 0.45);
            for l in layout.links.iter().filter(|l| {
                l.ports
                    .iter()
                    .any(|p| meta.elephant_ports.contains(&(*p as usize)))
            }) {
                pixels.line(px(l.a), px(l.b), lw(base_w + 6.0), under);
            }
            0
        }
    };
    for (i, link) in layout.links.iter().enumerate().skip(first) {
        if i > first && i % 64 == 0 && crate::web::now_ms() - start_ms >= slice_ms {
            picture.next = Some((i, run.id));
            return Ok(false);
        }
        let depth = deepest(queues, &link.ports);
        let level = (depth / marks.scale_bytes.max(1.0)).min(1.0);
        let down = link
            .ports
            .iter()
            .any(|p| marks.down.contains(&(*p as usize)));
        let (c, width) = if down {
            (palette::EVENT, base_w + 1.0)
        } else if link.failed {
            (FAILED, base_w)
        } else if depth > 0.0 {
            (palette::load(level.max(0.02)), base_w + 2.0 * level + 1.0)
        } else {
            (palette::load(0.0), base_w)
        };
        pixels.line(px(link.a), px(link.b), lw(width), (c.0, c.1, c.2));
    }
    picture.next = None;
    for link in layout.links.iter().filter(|l| {
        l.ports
            .iter()
            .any(|p| marks.chosen.contains(&(*p as usize)))
    }) {
        pixels.line(px(link.a), px(link.b), lw(2.0), (0, 0, 0));
    }
    let image = web_sys::ImageData::new_with_u8_clamped_array_and_sh(
        wasm_bindgen::Clamped(&pixels.data[..]),
        pixels.width,
        pixels.height,
    )
    .map_err(|_| "no image data")?;
    let _ = ctx.put_image_data(&image, 0.0, 0.0);
    for link in layout.links.iter().filter(|l| {
        l.ports
            .iter()
            .any(|p| marks.chosen.contains(&(*p as usize)))
    }) {
        let mid = at(((link.a.0 + link.b.0) / 2.0, (link.a.1 + link.b.1) / 2.0));
        dot(&ctx, mid, 4.0, "#000");
    }
    draw_blocks(&ctx, layout, queues, marks, &at);
    draw_spread(&ctx, layout, run, marks.flow, cursor_us, &at);
    draw_pod_words(&ctx, layout, marks, w, &at);
    let elephant_hosts: Vec<u32> = meta
        .flows
        .iter()
        .filter(|f| !f.2)
        .flat_map(|f| [f.0, f.1])
        .collect();
    for node in &layout.nodes {
        let p = at(node.at);
        match node.role {
            Role::Host(_) => {
                let ends = meta.flows.get(marks.flow).map(|f| (f.0, f.1));
                let mine =
                    ends.is_some_and(|(s, d)| node.hosts.contains(&s) || node.hosts.contains(&d));
                let elephant = node.hosts.clone().any(|h| elephant_hosts.contains(&h));
                let fill = if elephant {
                    palette::css(palette::ELEPHANT)
                } else {
                    "#6b7280".into()
                };
                if layout.grouped && node.hosts.len() > 1 {
                    ctx.set_fill_style_str(&fill);
                    ctx.fill_rect(p.0 - 3.0, p.1 - 4.0, 6.0, 8.0);
                } else {
                    dot(&ctx, p, if many { 2.5 } else { 3.5 }, &fill);
                }
                if mine {
                    ring(&ctx, p, 7.0, "#111", 2.0);
                }
            }
            Role::Path(_) | Role::Spray | Role::Return => box_at(&ctx, p, 7.0, "#374151"),
            _ => box_at(&ctx, p, if many { 2.5 } else { 4.0 }, "#374151"),
        }
    }
    if let Shape::NPath { paths } = meta.network.shape {
        ctx.set_fill_style_str("#1f2937");
        ctx.set_font(&format!("{}px sans-serif", marks.text_px));
        let _ = ctx.fill_text("sender", at((0.0, 0.0)).0 + 4.0, at((0.05, 0.52)).1 + 8.0);
        let _ = ctx.fill_text("receiver", w - 60.0, at((0.95, 0.52)).1 + 8.0);
        let long = layout
            .links
            .iter()
            .find(|l| matches!(l.kind, LinkKind::Path(_, true)));
        if let Some(l) = long {
            let p = at(l.b);
            let _ = ctx.fill_text("long path (path 0)", p.0 + 10.0, p.1 + 4.0);
        }
        if layout.grouped {
            let last = at((0.6, 0.84));
            let _ = ctx.fill_text(
                &format!(
                    "+{} more short paths",
                    paths - crate::session::layout::MAX_PATHS_DRAWN
                ),
                last.0 + 10.0,
                last.1,
            );
        }
        let _ = ctx.fill_text("ACKs return", w * 0.5 + 10.0, plot_h * 0.96 - 6.0);
    }
    draw_key(&ctx, (w, h), marks);
    Ok(true)
}

/// The largest queue of `ports` in the sample `queues`, bytes (0 without a sample).
fn deepest(queues: Option<&[crate::sim::timeline::MinMax]>, ports: &[u32]) -> f64 {
    queues.map_or(0.0, |q| {
        ports
            .iter()
            .filter_map(|&p| q.get(p as usize))
            .fold(0.0f32, |m, x| m.max(x.max)) as f64
    })
}

/// Failed links: light grey (they carry nothing).
const FAILED: RGBColor = RGBColor(225, 215, 215);

/// `c` at opacity `alpha` over white.
fn on_white(c: RGBColor, alpha: f64) -> (u8, u8, u8) {
    let mix = |x: u8| (x as f64 * alpha + 255.0 * (1.0 - alpha)).round() as u8;
    (mix(c.0), mix(c.1), mix(c.2))
}

fn dot(ctx: &CanvasRenderingContext2d, p: (f64, f64), r: f64, fill: &str) {
    ctx.set_fill_style_str(fill);
    ctx.begin_path();
    let _ = ctx.arc(p.0, p.1, r, 0.0, std::f64::consts::TAU);
    ctx.fill();
}

fn ring(ctx: &CanvasRenderingContext2d, p: (f64, f64), r: f64, style: &str, width: f64) {
    ctx.set_stroke_style_str(style);
    ctx.set_line_width(width);
    ctx.begin_path();
    let _ = ctx.arc(p.0, p.1, r, 0.0, std::f64::consts::TAU);
    ctx.stroke();
}

fn box_at(ctx: &CanvasRenderingContext2d, p: (f64, f64), r: f64, fill: &str) {
    ctx.set_fill_style_str(fill);
    ctx.fill_rect(p.0 - r, p.1 - r * 0.7, 2.0 * r, 1.4 * r);
}

/// The highlighted flow's packets of the last [`SPREAD_WINDOW_US`] drawn over their paths.
fn draw_spread(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout,
    run: &RunData,
    flow: usize,
    cursor_us: f64,
    at: &dyn Fn((f64, f64)) -> (f64, f64),
) {
    let Some(meta) = &run.meta else { return };
    let Some(&(src, dst, _)) = meta.flows.get(flow) else {
        return;
    };
    let counts = run.spread(flow, cursor_us - SPREAD_WINDOW_US, cursor_us);
    let most = counts.iter().copied().max().unwrap_or(0).max(1) as f64;
    let pos = |role: Role| layout.place(role);
    let host = |h: u32| layout.place(Role::Host(h));
    for (slot, &n) in counts.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let slot = slot as u32;
        let route: Vec<Option<(f64, f64)>> = match meta.network.shape {
            Shape::FatTree { fabric: f } => {
                let (hpt, tpp, app) = (f.hosts_per_tor, f.tors_per_pod, f.aggs_per_pod());
                let (ts, td) = (src / hpt, dst / hpt);
                let (ps, pd) = (ts / tpp, td / tpp);
                if ps == pd {
                    let agg = Role::Agg(ps * app + slot);
                    vec![
                        host(src),
                        pos(Role::Tor(ts)),
                        pos(agg),
                        pos(Role::Tor(td)),
                        host(dst),
                    ]
                } else {
                    // core `slot` is in column slot / (cores per column): that aggregation
                    // switch of each pod
                    let i = slot / f.cores_per_column().max(1);
                    vec![
                        host(src),
                        pos(Role::Tor(ts)),
                        pos(Role::Agg(ps * app + i)),
                        pos(Role::Core(slot)),
                        pos(Role::Agg(pd * app + i)),
                        pos(Role::Tor(td)),
                        host(dst),
                    ]
                }
            }
            Shape::NPath { .. } => {
                let shown = slot.min(crate::session::layout::MAX_PATHS_DRAWN);
                vec![host(0), pos(Role::Spray), pos(Role::Path(shown)), host(1)]
            }
        };
        let width = 1.5 + 5.0 * n as f64 / most;
        ctx.set_stroke_style_str("rgba(0,114,178,0.55)");
        ctx.set_line_width(width);
        ctx.begin_path();
        for (i, p) in route.iter().flatten().enumerate() {
            let p = at(*p);
            if i == 0 {
                ctx.move_to(p.0, p.1);
            } else {
                ctx.line_to(p.0, p.1);
            }
        }
        ctx.stroke();
    }
}

/// A fat-tree drawn pod by pod (`session::layout::pods`): the blocks, each filled with the largest
/// queue inside it, and the words that say how to open a pod or go back to all pods.
fn draw_blocks(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout,
    queues: Option<&[crate::sim::timeline::MinMax]>,
    marks: &Marks,
    at: &dyn Fn((f64, f64)) -> (f64, f64),
) {
    for b in &layout.blocks {
        let depth = deepest(queues, &b.ports);
        let level = (depth / marks.scale_bytes.max(1.0)).min(1.0);
        let (lo, hi) = (at(b.lo), at(b.hi));
        ctx.set_fill_style_str(&palette::css(palette::load(level)));
        ctx.fill_rect(lo.0, lo.1, hi.0 - lo.0, hi.1 - lo.1);
        ctx.set_stroke_style_str("#374151");
        ctx.set_line_width(1.0);
        ctx.stroke_rect(lo.0, lo.1, hi.0 - lo.0, hi.1 - lo.1);
    }
}

/// What a picture drawn pod by pod says, on white over whatever is under it: how to open a
/// pod, or, a pod open, the way back and what the pod holds (where the width allows).
fn draw_pod_words(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout,
    marks: &Marks,
    w: f64,
    at: &dyn Fn((f64, f64)) -> (f64, f64),
) {
    let px = marks.text_px as f64;
    ctx.set_font(&format!("{px}px sans-serif"));
    let say = |words: &str, x: f64, y: f64| {
        let width = ctx.measure_text(words).map_or(0.0, |m| m.width());
        ctx.set_fill_style_str("rgba(255,255,255,0.9)");
        ctx.fill_rect(x - 4.0, y - px, width + 8.0, px * 1.4);
        ctx.set_fill_style_str("#1f2937");
        let _ = ctx.fill_text(words, x, y);
        width
    };
    if let Some(first) = layout.blocks.first() {
        let words = format!(
            "{} pods, each a block: click one to open it",
            layout.blocks.len()
        );
        say(&words, 8.0, at((0.0, first.lo.1)).1 - px * 0.6);
    }
    if let Some((pod, pods)) = layout.open {
        let y = at((0.0, crate::session::layout::BACK.1 .1 / 2.0)).1 + px / 2.0;
        let back = say(&format!("← all {pods} pods · pod {pod}"), 8.0, y);
        let count = |role: fn(&Role) -> bool| layout.nodes.iter().filter(|n| role(&n.role)).count();
        let (aggs, tors) = (
            count(|r| matches!(r, Role::Agg(_))),
            count(|r| matches!(r, Role::Tor(_))),
        );
        let detail = format!(
            "cores in columns over {aggs} aggregation switches, {tors} ToRs and their hosts"
        );
        let width = ctx
            .measure_text(&detail)
            .map_or(f64::INFINITY, |m| m.width());
        if back + width + 40.0 < w {
            say(&detail, w - width - 12.0, y);
        }
    }
}

/// The colour key: a gradient bar from an empty queue to the top of the scale.
fn draw_key(ctx: &CanvasRenderingContext2d, (w, h): (f64, f64), marks: &Marks) {
    let (x0, y0, bar_w) = (8.0, h - KEY_H + 8.0, (w * 0.35).clamp(90.0, 220.0));
    for i in 0..40 {
        let l = i as f64 / 39.0;
        ctx.set_fill_style_str(&palette::css(palette::load(l)));
        ctx.fill_rect(x0 + bar_w * l, y0, bar_w / 39.0 + 0.5, 10.0);
    }
    ctx.set_fill_style_str("#1f2937");
    ctx.set_font(&format!("{}px sans-serif", marks.text_px));
    let _ = ctx.fill_text(
        &format!(
            "queue at the cursor: 0 → {:.0} KiB",
            marks.scale_bytes / 1024.0
        ),
        x0 + bar_w + 8.0,
        y0 + 10.0,
    );
}
