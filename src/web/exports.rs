//! Taking things away from the page, in the browser: a download, all charts as one PNG, text
//! on the clipboard. What the files hold is made natively ([`crate::session::exports`]).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// All `canvases` in one PNG: a title line, then the charts two to a row.
pub fn charts_png(title: &str, canvases: &[HtmlCanvasElement]) -> Option<String> {
    let document = web_sys::window()?.document()?;
    let out: HtmlCanvasElement = document.create_element("canvas").ok()?.unchecked_into();
    let cell_w = canvases.iter().map(|c| c.width()).max()?.max(1);
    let cell_h = canvases.iter().map(|c| c.height()).max()?.max(1);
    let rows = canvases.len().div_ceil(2) as u32;
    let header = 40;
    out.set_width(cell_w * 2);
    out.set_height(header + rows * cell_h);
    let ctx: CanvasRenderingContext2d = out.get_context("2d").ok()??.dyn_into().ok()?;
    ctx.set_fill_style_str("#fff");
    ctx.fill_rect(0.0, 0.0, out.width() as f64, out.height() as f64);
    ctx.set_fill_style_str("#111");
    ctx.set_font("bold 20px sans-serif");
    let _ = ctx.fill_text(title, 12.0, 28.0);
    for (i, c) in canvases.iter().enumerate() {
        let (x, y) = ((i as u32 % 2) * cell_w, header + (i as u32 / 2) * cell_h);
        let _ = ctx.draw_image_with_html_canvas_element(c, x as f64, y as f64);
    }
    out.to_data_url_with_type("image/png").ok()
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
