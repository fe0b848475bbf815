//! The web app's main thread: the Yew UI (built by Trunk for wasm32; see `spraylab::web::app`).

#[cfg(target_arch = "wasm32")]
fn main() {
    spraylab::web::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("app: this is the web app; it runs in a browser (see README: scripts/serve.sh)");
    std::process::exit(2);
}
