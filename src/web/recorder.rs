//! A recording of the playback for a slide: the run's stage (the network picture and the four
//! charts, laid out as the charts' PNG) copied every animation frame into a canvas whose stream
//! the browser's own `MediaRecorder` encodes as WebM, downloaded when the recording stops.
//! The last frame is held for [`HOLD_MS`] before the recorder stops: a slide's video ends on the
//! run's final state, and the encoder, which works behind the page, has frames in hand when it
//! is told to stop (a short playback on a loaded machine once stopped before its first frame was
//! encoded and downloaded the header alone).

use super::exports::{compose, download_url};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobEvent, HtmlCanvasElement, MediaRecorder, MediaRecorderOptions};

/// Frames a second the recording's stream takes.
const FPS: f64 = 30.0;

/// How long the final frame is held, repainted every [`HOLD_STEP_MS`] so the stream carries it.
const HOLD_MS: i32 = 1000;
const HOLD_STEP_MS: i32 = 100;

/// A recording in progress.
pub struct Recorder {
    canvas: HtmlCanvasElement,
    recorder: MediaRecorder,
}

impl Recorder {
    /// Starts recording; the file is downloaded as `name` when [`Recorder::stop`] is called.
    pub fn start(name: String) -> Result<Recorder, String> {
        let fail = |e: JsValue| format!("{e:?}");
        let document = web_sys::window()
            .and_then(|w| w.document())
            .ok_or("no document")?;
        let canvas: HtmlCanvasElement = document
            .create_element("canvas")
            .map_err(fail)?
            .unchecked_into();
        // a size to begin with; the first frame sets the stage's
        canvas.set_width(1280);
        canvas.set_height(720);
        let stream = canvas
            .capture_stream_with_frame_request_rate(FPS)
            .map_err(fail)?;
        let options = MediaRecorderOptions::new();
        options.set_mime_type("video/webm");
        let recorder =
            MediaRecorder::new_with_media_stream_and_media_recorder_options(&stream, &options)
                .map_err(fail)?;
        let chunks: Rc<RefCell<Vec<Blob>>> = Rc::default();
        let kept = chunks.clone();
        let on_data = Closure::<dyn FnMut(BlobEvent)>::new(move |e: BlobEvent| {
            if let Some(b) = e.data() {
                kept.borrow_mut().push(b);
            }
        });
        recorder.set_ondataavailable(Some(on_data.as_ref().unchecked_ref()));
        // once stopped (after the last chunk), the chunks become the file; the chunks' handler
        // lives until then
        let on_stop = Closure::once_into_js(move || {
            drop(on_data);
            let parts = js_sys::Array::new();
            for b in chunks.borrow().iter() {
                parts.push(b);
            }
            let options = web_sys::BlobPropertyBag::new();
            options.set_type("video/webm");
            if let Ok(blob) = Blob::new_with_blob_sequence_and_options(&parts, &options) {
                if let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) {
                    download_url(&name, &url);
                    let _ = web_sys::Url::revoke_object_url(&url);
                }
            }
        });
        recorder.set_onstop(Some(on_stop.unchecked_ref()));
        recorder.start().map_err(fail)?;
        Ok(Recorder { canvas, recorder })
    }

    /// Copies the stage's canvases (each with whether it spans the width) under `title` into the
    /// recording's frame.
    pub fn frame(&self, title: &str, canvases: &[(HtmlCanvasElement, bool)]) {
        compose(&self.canvas, title, canvases);
    }

    /// Holds the final frame for [`HOLD_MS`], then stops; the file downloads once the browser
    /// hands over its last chunk.
    pub fn stop(self) {
        let Some(window) = web_sys::window() else {
            let _ = self.recorder.stop();
            return;
        };
        let context: Option<web_sys::CanvasRenderingContext2d> = self
            .canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into().ok());
        for at in (HOLD_STEP_MS..HOLD_MS).step_by(HOLD_STEP_MS as usize) {
            let (canvas, context) = (self.canvas.clone(), context.clone());
            // drawing the canvas onto itself changes nothing but marks a frame for the stream
            let repaint = Closure::once_into_js(move || {
                if let Some(c) = context {
                    let _ = c.draw_image_with_html_canvas_element(&canvas, 0.0, 0.0);
                }
            });
            let _ = window
                .set_timeout_with_callback_and_timeout_and_arguments_0(repaint.unchecked_ref(), at);
        }
        let recorder = self.recorder;
        let stop = Closure::once_into_js(move || {
            let _ = recorder.stop();
        });
        if window
            .set_timeout_with_callback_and_timeout_and_arguments_0(stop.unchecked_ref(), HOLD_MS)
            .is_err()
        {
            // without a timer the recording still ends, on the frame it has
            let _ = stop
                .unchecked_ref::<js_sys::Function>()
                .call0(&JsValue::NULL);
        }
    }
}
