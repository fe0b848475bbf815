//! The simulation Web Worker of the web app (built by Trunk for wasm32; see `spraylab::web::worker`).

#[cfg(target_arch = "wasm32")]
fn main() {
    spraylab::web::worker::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("worker: this is the web app's simulation worker; it runs in a browser (see README: scripts/serve.sh)");
    std::process::exit(2);
}
