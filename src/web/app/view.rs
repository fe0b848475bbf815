//! What the app renders from the page's state: every component, given its slice of the state
//! and a callback that wraps its action in a [`Msg`].

use super::*;

impl App {
    /// The page: header, class story, form, the run's stage (with a lockstep partner's beside
    /// it), the events and lockstep panels, the report, compare, theory and sweeps.
    pub(super) fn render(&self, ctx: &Context<Self>) -> Html {
        let on = ctx.link().callback(|m: Msg| m);
        let s = self.page.session();
        let run = s.run();
        let cursor = s.cursor_us();
        let flow = self.page.flow();
        let ports = run.map_or(Vec::new(), |r| {
            figures::queue_ports(&r.view(), self.page.chosen(), 6)
        });
        let progress = run.and_then(|r| {
            r.progress.map(|p| {
                (
                    p.packets_acked,
                    p.packets_total,
                    progress_text(r.elapsed_ms, &p).into(),
                )
            })
        });
        let shape = run.and_then(|r| r.meta.as_ref()).map(|m| m.network.shape);
        let npath = matches!(shape, Some(Shape::NPath { .. }));
        let leaf_spine = matches!(shape, Some(Shape::FatTree { fabric }) if fabric.tiers == 2);
        let canvases = self.drawing.canvases.clone();
        let sweep = self.page.sweeps().run();
        let titles = self.page.stage_titles();
        let sweep_status = sweep.map_or(String::new(), |r| r.status(crate::web::now_ms()));
        // the step's chart, which the presentation layout shows beside the picture
        let point = format!("point-{}", self.page.pointed());
        let decision = self.page.presents_decision().then_some("present-decision");
        let form = html! {
            <Form scenario={self.page.scenario().clone()} refused={self.page.refused().cloned()} running={s.running()}
                run_ref={self.run_button.clone()} on={on.reform(Msg::page)} />
        };
        html! {
            <main class={classes!("app", self.page.presenting().then_some("present"), self.page.embed().then_some("embed"),
                self.page.story_waiting().then_some("waiting"), point, decision)}>
                if self.page.embed() {
                    // the embedded page: the run's stage alone, and the way to the whole page
                    <p class="embed-title"><a href={self.page.share_url(false)} target="_blank" rel="noopener">
                        { format!("SprayLab: {}", crate::session::lockstep::name(self.page.scenario())) }</a></p>
                } else {
                <header>
                    <h1>{ "SprayLab" }</h1>
                    <p class="tagline">{ "Congestion control under packet spraying: when a few paths are congested, \
                        reacting to the latest delay collapses throughput; deciding on the median of the last H delays (MSwift) does not." }</p>
                    if self.sections_shown >= shown(Section::Controls) {
                    <button id="present" class="quiet" aria-pressed={self.page.presenting().to_string()}
                        onclick={on.reform({ let on = !self.page.presenting(); move |_| Msg::Page(Action::Present(on)) })}>
                        { if self.page.presenting() { "Leave presentation (P)" } else { "Present (P)" } }</button>
                    <Glossary />
                    }
                </header>
                }
                if self.sections_shown >= shown(Section::Controls) && !self.page.embed() {
                <section class="story-area" aria-label="class mode"><Story step={self.page.story()} says={self.page.story_says()} asked={self.page.story_question()} compare={self.page.story_compare()} presenting={self.page.presenting()} on={on.reform(Msg::page)} /></section>
                <section class="controls" aria-label="scenario">
                    if self.page.story().is_some() {
                        // class mode: the story drives the runs, the form folds away
                        <details class="settings">
                            <summary>{ "Scenario settings (the story sets them)" }</summary>
                            { form }
                        </details>
                    } else {
                        { form }
                    }
                </section>
                }
                <section class="run" aria-label="the run">
                    <Status phase={s.phase().cloned()} text={status_text(s.phase(), run, self.page.notice())}
                        {progress} worker_error={self.page.worker_error().map(AttrValue::from)}
                        on_cancel={on.reform(|_| Msg::page(FormAction::Cancel))} />
                    <Playback playing={s.playback().moving(s.running())} at_edge={s.playback().at_edge()} cursor_us={cursor}
                        span_us={s.span_us()} speed={s.playback().speed()} live={s.running()} on={on.reform(Msg::page)} />
                    if self.sections_shown >= shown(Section::Stage) {
                    if titles.is_some() {
                        <p id="lockstep-diff" aria-live="polite">{ self.page.partner_difference() }</p>
                    }
                    <div class={classes!("stages", titles.is_some().then_some("paired"))}>
                        <div class="stage">
                            if let Some((main, _)) = &titles {
                                <h3 class="stage-title">{ main.clone() }</h3>
                            }
                            <NetworkPanel canvases={canvases.clone()} alt={self.network_alt(cursor)} selection={self.selection_text(cursor)}
                                {npath} {leaf_spine} on={on.reform(Msg::page)} />
                            if let Some((a, b)) = self.page.instruments().zoom() {
                                <button id="reset-zoom" class="quiet small" onclick={on.reform(|_| Msg::Page(Action::ResetZoom))}>
                                    { format!("Time charts zoomed to {a:.1}–{b:.1} µs: show the whole run") }</button>
                            }
                            <LiveCharts canvases={canvases.clone()} alts={live_charts::alts(run, flow, cursor, &ports)} />
                            <FlowsChart canvases={canvases.clone()} alt={flows_chart::alt(run, cursor)} />
                            <DecisionView canvases={canvases.clone()} sentence={decision_sentence(self.page.decision_at())}
                                traced={s.flow_trace().is_some()} on={on.reform(Msg::page)} />
                        </div>
                        if let Some((_, partner)) = &titles {
                            <PartnerStage title={partner.clone()} canvases={canvases.clone()}
                                alts={[AttrValue::from(format!("The other run's network at {cursor:.1} µs.")),
                                    AttrValue::from(format!("The other run's congestion windows up to {cursor:.1} µs."))]} />
                        }
                    </div>
                    if !self.page.embed() {
                    <Events events={self.page.scenario().events.clone()} cursor_us={cursor} link={self.page.events().link.clone()}
                        gbps={self.page.events().gbps.clone()} refused={self.page.events().refused.clone().map(AttrValue::from)}
                        enabled={!npath} on={on.reform(Msg::page)} />
                    <Lockstep choice={self.page.partner().choice.clone()} field={self.page.partner().field.clone()}
                        refused={self.page.partner().refused.clone().map(AttrValue::from)} shown={s.partner().is_some()}
                        status={self.page.partner_status()} enabled={!npath} on={on.reform(Msg::page)} />
                    <Report {flow} flows={self.meta_flows()} counters={run.and_then(|r| r.report.as_ref()).map(|r| r.counters.clone())}
                        recording={self.page.recording()} on={on.reform(Msg::page)} />
                    }
                    }
                </section>
                if self.sections_shown >= shown(Section::Compare) && !self.page.embed() {
                <section class="compare" aria-label="compare runs">
                    <Compare rows={compare::rows(s.past())} status={s.compare().status()} busy={s.busy()}
                        canvases={canvases.clone()} on={on.reform(Msg::page)} />
                </section>
                <section class="theory" aria-label="theory">
                    <TheoryView points={s.theory_points().to_vec()} status={s.theory().status()} busy={s.busy()}
                        canvases={canvases.clone()} on_run={on.reform(|()| Msg::Page(Action::Theory))} />
                </section>
                }
                if self.sections_shown >= shown(Section::Sweeps) && !self.page.embed() {
                <section id="sweeps" class="sweeps" aria-label="sweeps">
                    <SweepView form={self.page.sweeps().form().clone()} refused={self.page.sweeps().refused().cloned()} status={sweep_status}
                        progress={sweep.filter(|r| r.running()).map(|r| r.fraction())}
                        rows={sweep.map_or(Vec::new(), |r| r.results.summary())}
                        points={sweep.map_or(Vec::new(), |r| r.results.points.clone())}
                        over_q={self.page.sweep_over_q()} {canvases} on={on.reform(Msg::page)} />
                </section>
                }
            </main>
        }
    }
}

/// The decision view's sentence: the decision at the cursor, or why there is none.
fn decision_sentence(d: Result<crate::session::decisions::DecisionAt, String>) -> AttrValue {
    match d {
        Ok(d) => d.sentence.into(),
        Err(why) => why.into(),
    }
}
