//! The page's components, one per file, each a function of its props: state lives in the app
//! ([`super::app`]) and the session ([`crate::session`]); the canvases are drawn by the app on
//! animation frames, so components only lay them out with their captions.

pub mod compare;
pub mod decision;
pub mod events;
pub mod figure;
pub mod flows_chart;
pub mod form;
pub mod glossary;
pub mod live_charts;
pub mod lockstep;
pub mod network_panel;
pub mod partner_stage;
pub mod playback;
pub mod report;
pub mod status;
pub mod story;
pub mod sweep;
pub mod theory;
