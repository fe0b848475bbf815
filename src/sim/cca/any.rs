//! [`controllers!`]: the algorithms' table, which declares each algorithm's file and builds
//! [`AnyController`](super::AnyController) from it, the scenario's CCA chosen once per flow and
//! dispatched statically (an enum, no boxing: smoltcp's `AnyController`, written out by the
//! macro so that a new algorithm is one line of the table in `mod.rs`).

/// Declares each algorithm's module (`swift::Swift for Swift | LSwift | MSwift`: the file, its
/// controller and the scenario's CCAs it runs) and builds `AnyController`: a variant per
/// controller, its constructor (each controller's `for_flow`; a CCA no line names does not
/// compile, the match being over every `CcaKind`) and [`Controller`](super::Controller)'s every
/// method forwarded to the controller inside.
macro_rules! controllers {
    ($($file:ident::$ty:ident for $($kind:ident)|+,)+) => {
        $(
            pub mod $file;
            pub use $file::$ty;
        )+

        /// One flow's congestion controller, whichever algorithm the scenario names.
        #[derive(Clone, Debug)]
        pub enum AnyController {
            $($ty($ty),)+
        }

        impl AnyController {
            /// The controller `config` asks for, for a flow described by `ctx`.
            pub fn new(
                config: &crate::scenario::CcaConfig,
                ctx: &CcaContext,
            ) -> AnyController {
                use crate::scenario::CcaKind;
                match config.algorithm {
                    $($(CcaKind::$kind)|+ => AnyController::$ty($ty::for_flow(config, ctx)),)+
                }
            }
        }

        impl Controller for AnyController {
            #[inline]
            fn cwnd(&self) -> f64 {
                match self { $(AnyController::$ty(c) => c.cwnd(),)+ }
            }

            #[inline]
            fn stats(&self) -> &Stats {
                match self { $(AnyController::$ty(c) => c.stats(),)+ }
            }

            #[inline]
            fn on_ack(&mut self, ack: &AckSample, window: &Window) {
                match self { $(AnyController::$ty(c) => c.on_ack(ack, window),)+ }
            }

            fn on_hole(&mut self, hole: &Hole) -> HoleVerdict {
                match self { $(AnyController::$ty(c) => c.on_hole(hole),)+ }
            }

            fn on_delayed_packet(&mut self, hole: &Hole) {
                match self { $(AnyController::$ty(c) => c.on_delayed_packet(hole),)+ }
            }

            fn on_timeout(&mut self, timeout: &Timeout) {
                match self { $(AnyController::$ty(c) => c.on_timeout(timeout),)+ }
            }

            fn on_nack(&mut self, hole: &Hole) {
                match self { $(AnyController::$ty(c) => c.on_nack(hole),)+ }
            }

            #[inline]
            fn pacing_interval(&self, srtt: SimTime) -> Option<SimTime> {
                match self { $(AnyController::$ty(c) => c.pacing_interval(srtt),)+ }
            }

            fn history(&self) -> Option<usize> {
                match self { $(AnyController::$ty(c) => c.history(),)+ }
            }

            fn heap_bytes(&self) -> usize {
                match self { $(AnyController::$ty(c) => c.heap_bytes(),)+ }
            }

            fn target(&self) -> Option<f64> {
                match self { $(AnyController::$ty(c) => c.target(),)+ }
            }
        }
    };
}
