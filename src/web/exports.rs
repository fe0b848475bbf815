//! Taking things away from the page, in the browser: a download, all charts as one PNG, text
//! on the clipboard. What the files hold is made natively ([`crate::session::exports`]).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// All `canvases` (each with whether it spans the width) in one PNG under a title line, laid
/// out by [`crate::session::exports::png_layout`].
pub fn charts_png(title: &str, canvases: &[(HtmlCanvasElement, bool)]) -> Option<String> {
    let document = web_sys::window()?.document()?;
    let out: HtmlCanvasElement = document.create_element("canvas").ok()?.unchecked_into();
    compose(&out, title, canvases)?;
    out.to_data_url_with_type("image/png").ok()
}

/// Draws `canvases` under `title` on `out`, sized to them, laid out by
/// [`crate::session::exports::png_layout`] (the PNG's and a recording's frames).
pub fn compose(
    out: &HtmlCanvasElement,
    title: &str,
    canvases: &[(HtmlCanvasElement, bool)],
) -> Option<()> {
    let sizes: Vec<(u32, u32, bool)> = canvases
        .iter()
        .map(|(c, wide)| (c.width(), c.height(), *wide))
        .collect();
    let layout = crate::session::exports::png_layout(&sizes);
    let (w, h) = (layout.width.ceil() as u32, layout.height.ceil() as u32);
    if (out.width(), out.height()) != (w, h) {
        out.set_width(w);
        out.set_height(h);
    }
    let ctx: CanvasRenderingContext2d = out.get_context("2d").ok()??.dyn_into().ok()?;
    ctx.set_fill_style_str("#fff");
    ctx.fill_rect(0.0, 0.0, out.width() as f64, out.height() as f64);
    ctx.set_fill_style_str("#111");
    ctx.set_font("bold 20px sans-serif");
    let _ = ctx.fill_text(title, 12.0, 28.0);
    for ((c, _), [x, y, w, h]) in canvases.iter().zip(layout.places) {
        let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(c, x, y, w, h);
    }
    Some(())
}

pub fn download_url(name: &str, url: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(a) = document.create_element("a") else {
        return;
    };
    let a: web_sys::HtmlAnchorElement = a.unchecked_into();
    a.set_href(url);
    a.set_download(name);
    a.click();
}

pub fn download_text(name: &str, mime: &str, text: &str) {
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    if let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) {
        if let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) {
            download_url(name, &url);
            let _ = web_sys::Url::revoke_object_url(&url);
        }
    }
}

/// Puts `text` on the clipboard; false where the page may not (no secure context).
pub fn copy_text(text: &str) -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    let clipboard = w.navigator().clipboard();
    if !w.is_secure_context() {
        return false;
    }
    let _ = clipboard.write_text(text);
    true
}
