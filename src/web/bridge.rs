//! The page's handle on the simulation worker.
//!
//! Trunk builds the worker as an ES module (`worker.js` + `worker_bg.wasm`) next to the page.
//! [`SimWorker::spawn`] starts it through a one-line module shim that imports it and runs its
//! initialization, so the worker's URL resolves relative to the page, wherever it is hosted.

use crate::protocol::{decode, encode, FromWorker, ToWorker};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, Event, MessageEvent, Url, Worker, WorkerOptions, WorkerType};
use yew::Callback;

/// What the page hears from the worker: a message, or the worker failing.
pub type WorkerEvent = Result<FromWorker, String>;

/// A running simulation worker. Dropping it terminates the worker.
pub struct SimWorker {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

/// The URL of the worker script, relative to the page (works from any sub-path).
pub fn default_worker_url() -> Result<String, String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let base = document
        .base_uri()
        .map_err(js_error)?
        .ok_or("page has no base URL")?;
    Ok(Url::new_with_base("worker.js", &base)
        .map_err(js_error)?
        .href())
}

fn js_error(e: JsValue) -> String {
    e.as_string()
        .or_else(|| js_sys::JSON::stringify(&e).ok().and_then(|s| s.as_string()))
        .unwrap_or_default()
}

impl SimWorker {
    /// Starts the worker at `script_url`; every message or error goes to `on_event`.
    pub fn spawn(script_url: &str, on_event: Callback<WorkerEvent>) -> Result<SimWorker, String> {
        let quoted = js_sys::JSON::stringify(&JsValue::from_str(script_url)).map_err(js_error)?;
        let shim = format!(
            "import init from {};\nawait init();\n",
            String::from(quoted)
        );
        let options = BlobPropertyBag::new();
        options.set_type("text/javascript");
        let parts = js_sys::Array::of1(&JsValue::from_str(&shim));
        let blob = Blob::new_with_str_sequence_and_options(&parts, &options).map_err(js_error)?;
        let blob_url = Url::create_object_url_with_blob(&blob).map_err(js_error)?;
        let worker_options = WorkerOptions::new();
        worker_options.set_type(WorkerType::Module);
        let worker = Worker::new_with_options(&blob_url, &worker_options).map_err(js_error)?;

        let on_message_event = on_event.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let bytes = js_sys::Uint8Array::new(&e.data()).to_vec();
            on_message_event.emit(decode::<FromWorker>(&bytes));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // a script error arrives as an ErrorEvent; a worker that fails to load, as a plain Event
        let on_error = Closure::<dyn FnMut(Event)>::new(move |e: Event| {
            e.prevent_default();
            let message = js_sys::Reflect::get(&e, &JsValue::from_str("message"))
                .ok()
                .and_then(|m| m.as_string())
                .filter(|m| !m.is_empty());
            on_event.emit(Err(
                message.unwrap_or_else(|| "the worker script failed to load".into())
            ));
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(SimWorker {
            worker,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    pub fn send(&self, msg: &ToWorker) {
        let bytes = encode(msg);
        let _ = self
            .worker
            .post_message(&js_sys::Uint8Array::from(&bytes[..]));
    }
}

impl Drop for SimWorker {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}
