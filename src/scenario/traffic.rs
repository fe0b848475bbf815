//! Traffic matrices in the connection-matrix format of htsim, so that the same flows can be run
//! in SprayLab and in the UEC reference simulator and compared flow by flow.
//!
//! The format, as htsim's generators write it (`connection_matrices/*.cm`) and its
//! `ConnectionMatrix::load` reads it:
//!
//! ```text
//! Nodes 16
//! Connections 3
//! Triggers 1
//! 12->5 id 1 start 0 size 8388608 send_done_trigger 1
//! 5->12 id 2 trigger 1 size 8388608
//! 3->9 id 3 start 16 size 2000000
//! trigger id 1 oneshot
//! ```
//!
//! Header lines name the hosts (`Nodes`), the connections (`Connections`) and the triggers
//! (`Triggers`) that follow. Each connection is `SRC->DST` and then keys, as htsim's reader takes
//! them:
//!
//! - `size BYTES` (1 to 1 GiB here);
//! - `start T`, in µs. htsim's UEC front end converts it to a whole number of µs before use
//!   (`timeFromUs((uint32_t)start)`), so a fraction is dropped: `start 2.7` starts at 2 µs,
//!   here too, and the reader says so;
//! - `trigger N`: started by trigger N instead of at a time (one or the other, never both);
//! - `send_done_trigger N`: activates trigger N once its sender has every byte acknowledged;
//!   `recv_done_trigger N`: once its receiver has every byte (`triggers.rs` says what an
//!   activation does);
//! - `id N` (1 and up), `prio N` (read; htsim's UEC front end does not use it either, nor does
//!   SprayLab, and the reader says so) and `msg [N]`: the lines of one `id` marked `msg` are
//!   messages that htsim, run with `-conn_reuse`, sends one after the other over one
//!   connection. SprayLab sends them as one flow of their summed bytes (same hosts and start,
//!   no triggers), and the reader says so.
//!
//! `trigger id N oneshot|multishot|barrier [count C]` declares a trigger. htsim refuses a
//! matrix whose connection or trigger count differs from its `Connections` or `Triggers` line,
//! or that names a trigger it never declares; SprayLab reads such a matrix (one of htsim's own,
//! `a2a.cm`, is written so), takes the lines it has and an undeclared trigger as a oneshot, and
//! says so. `failure` lines (a switch's link, in htsim's
//! fat-tree numbering) are refused: SprayLab fails links by `topology.link_failure_rate` or a
//! timed event. Blank lines and lines starting with `#` are skipped. A matrix's flows replace
//! the flows the scenario's workload would draw; each is sprayed by the scenario's LB scheme,
//! in file order (which fixes each flow's random streams, as the order of a drawn workload
//! does).

use super::triggers::{Trigger, TriggerKind, MAX_TRIGGERS};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The most connections a matrix may hold.
pub const MAX_CONNECTIONS: usize = 65_536;
/// The largest file the reader takes, bytes (about 40 bytes a connection).
pub const MAX_MATRIX_BYTES: usize = 8 << 20;
/// The latest start a flow may have, µs (the longest run: `max_sim_time_us`'s limit).
pub const MAX_START_US: u32 = 10_000_000;

/// One flow of a traffic matrix.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Connection {
    pub src: u32,
    pub dst: u32,
    /// Bytes to deliver.
    pub bytes: u64,
    /// When it starts, whole µs (unless a trigger starts it).
    #[serde(default)]
    pub start_us: u32,
    /// The trigger that starts it, instead of a time.
    #[serde(default)]
    pub trigger: Option<u32>,
    /// The trigger it activates once its sender has every byte acknowledged.
    #[serde(default)]
    pub send_done: Option<u32>,
    /// The trigger it activates once its receiver has every byte.
    #[serde(default)]
    pub recv_done: Option<u32>,
}

impl Connection {
    /// A flow of `bytes` from `src` to `dst` that starts at 0.
    pub fn new(src: u32, dst: u32, bytes: u64) -> Connection {
        Connection {
            src,
            dst,
            bytes,
            ..Connection::default()
        }
    }

    /// The triggers it names (what starts it, what it activates).
    pub fn triggers(&self) -> impl Iterator<Item = u32> {
        [self.trigger, self.send_done, self.recv_done]
            .into_iter()
            .flatten()
    }
}

/// A matrix as read: the hosts it was written for, its connections and triggers, and what the
/// reader says of keys it read differently from htsim or without effect (one line each).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Matrix {
    pub nodes: u32,
    pub connections: Vec<Connection>,
    pub triggers: Vec<Trigger>,
    pub notes: Vec<String>,
}

fn number<T: std::str::FromStr>(line: usize, what: &str, text: &str) -> Result<T, String> {
    text.parse().map_err(|_| {
        format!(
            "line {line}: {what} must be a whole number, got {:?}",
            crate::scenario::escape_controls(text)
        )
    })
}

/// A trigger id: a whole number from 1.
fn trigger_id(line: usize, what: &str, text: &str) -> Result<u32, String> {
    match number::<u32>(line, what, text)? {
        0 => Err(format!("line {line}: {what} 0: ids start at 1")),
        n => Ok(n),
    }
}

/// What the reader has seen so far.
#[derive(Default)]
struct Reading {
    nodes: Option<u32>,
    connections: Option<usize>,
    triggers: Option<usize>,
    flows: Vec<Connection>,
    /// Each flow's `id`, when it has one, and whether it is a `msg` line.
    ids: Vec<(Option<u64>, bool)>,
    declared: BTreeMap<u32, Trigger>,
    trigger_lines: usize,
    notes: Notes,
}

/// The reader's remarks, each said once with the first line it applies to and a count.
#[derive(Default)]
struct Notes(Vec<(String, usize, usize)>);

impl Notes {
    fn say(&mut self, what: &str, line: usize) {
        match self.0.iter_mut().find(|(w, _, _)| w == what) {
            Some((_, _, n)) => *n += 1,
            None => self.0.push((what.to_string(), line, 1)),
        }
    }

    /// Each remark on one line: where it first applies (line 0: the whole matrix), and how
    /// often.
    fn lines(self) -> Vec<String> {
        self.0
            .into_iter()
            .map(|(what, line, n)| match (line, n) {
                (0, 1) => what,
                (0, n) => format!("{what} ({n} times)"),
                (line, 1) => format!("line {line}: {what}"),
                (line, n) => format!("line {line} and {} more: {what}", n - 1),
            })
            .collect()
    }
}

/// Reads a matrix; an error names the line and what is wrong with it, in one line.
pub fn parse_matrix(text: &str) -> Result<Matrix, String> {
    if text.len() > MAX_MATRIX_BYTES {
        return Err(format!(
            "the file holds {} bytes, more than the {MAX_MATRIX_BYTES} a matrix may have",
            text.len()
        ));
    }
    let mut r = Reading::default();
    for (i, raw) in text.lines().enumerate() {
        read_line(&mut r, i + 1, raw)?;
    }
    finish(r)
}

fn read_line(r: &mut Reading, line: usize, raw: &str) -> Result<(), String> {
    let tokens: Vec<&str> = raw.split_whitespace().collect();
    match tokens.as_slice() {
        [] => {}
        [first, ..] if first.starts_with('#') => {}
        ["Nodes", n] => r.nodes = Some(number::<u32>(line, "Nodes", n)?),
        ["Connections", n] => {
            let n = number::<usize>(line, "Connections", n)?;
            if n > MAX_CONNECTIONS {
                return Err(format!(
                    "line {line}: Connections {n}: at most {MAX_CONNECTIONS} are allowed"
                ));
            }
            r.connections = Some(n);
        }
        ["Triggers", n] => {
            let n = number::<usize>(line, "Triggers", n)?;
            if n > MAX_TRIGGERS {
                return Err(format!(
                    "line {line}: Triggers {n}: at most {MAX_TRIGGERS} are allowed"
                ));
            }
            r.triggers = Some(n);
        }
        ["Failures", "0"] => {}
        ["Failures", _] | ["failure", ..] => {
            return Err(format!(
                "line {line}: htsim's failures are not read; SprayLab fails links by topology.link_failure_rate or a timed event (--event T:link-down:NAME)"
            ))
        }
        ["trigger", rest @ ..] => declare(r, line, rest)?,
        [pair, rest @ ..] if pair.contains("->") => {
            if r.flows.len() == MAX_CONNECTIONS {
                return Err(format!(
                    "line {line}: more than {MAX_CONNECTIONS} connections"
                ));
            }
            let (c, id, msg) = connection(line, pair, rest, &mut r.notes)?;
            r.flows.push(c);
            r.ids.push((id, msg));
        }
        _ => {
            return Err(format!(
                "line {line}: expected 'Nodes N', 'Connections M', 'Triggers T', 'SRC->DST id I start T size BYTES' or 'trigger id N oneshot', got {:?}",
                crate::scenario::escape_controls(raw.trim())
            ))
        }
    }
    Ok(())
}

/// A `trigger id N KIND [count C]` line.
fn declare(r: &mut Reading, line: usize, rest: &[&str]) -> Result<(), String> {
    let (mut id, mut kind, mut count) = (None, None, 0);
    let mut i = 0;
    while i < rest.len() {
        match (rest[i], rest.get(i + 1)) {
            ("id", Some(v)) => {
                id = Some(trigger_id(line, "trigger id", v)?);
                i += 1;
            }
            ("count", Some(v)) => {
                count = number::<u32>(line, "count", v)?;
                i += 1;
            }
            (word, _) => match TriggerKind::parse(word) {
                Some(k) if kind.is_none() => kind = Some(k),
                Some(_) => return Err(format!("line {line}: a trigger has one kind")),
                None => {
                    return Err(format!(
                        "line {line}: unknown trigger key {:?} (id, oneshot, multishot, barrier and count are read)",
                        crate::scenario::escape_controls(word)
                    ))
                }
            },
        }
        i += 1;
    }
    let id = id.ok_or_else(|| format!("line {line}: a trigger with no id"))?;
    let kind = kind.ok_or_else(|| {
        format!("line {line}: trigger {id} has no kind (oneshot, multishot or barrier)")
    })?;
    if kind == TriggerKind::Barrier && count == 0 {
        return Err(format!(
            "line {line}: barrier {id} needs 'count C' of at least 1"
        ));
    }
    if r.declared.contains_key(&id) {
        return Err(format!("line {line}: trigger {id} is declared twice"));
    }
    if r.declared.len() == MAX_TRIGGERS {
        return Err(format!("line {line}: more than {MAX_TRIGGERS} triggers"));
    }
    let count = if kind == TriggerKind::Barrier {
        count
    } else {
        0
    };
    r.declared.insert(id, Trigger { id, kind, count });
    r.trigger_lines += 1;
    Ok(())
}

/// One `SRC->DST key value ...` line, its `id` and whether it is a `msg`.
fn connection(
    line: usize,
    pair: &str,
    rest: &[&str],
    notes: &mut Notes,
) -> Result<(Connection, Option<u64>, bool), String> {
    let (src, dst) = pair.split_once("->").unwrap_or_default();
    let mut c = Connection::new(
        number::<u32>(line, "the source host", src)?,
        number::<u32>(line, "the destination host", dst)?,
        0,
    );
    if c.src == c.dst {
        return Err(format!(
            "line {line}: {}->{}: a host cannot send to itself",
            c.src, c.dst
        ));
    }
    let (mut bytes, mut start, mut id, mut msg) = (None, None, None, false);
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i];
        // `msg` may stand alone (htsim reads a number after it only if there is one)
        if key == "msg" {
            msg = true;
            if rest.get(i + 1).is_some_and(|v| v.parse::<u64>().is_ok()) {
                i += 1;
            }
            i += 1;
            continue;
        }
        let Some(&v) = rest.get(i + 1) else {
            return Err(format!(
                "line {line}: after {pair}, {key:?} has no value (expected 'key value' pairs: id I start T size BYTES)"
            ));
        };
        match key {
            "id" => match number::<u64>(line, "id", v)? {
                0 => return Err(format!("line {line}: id 0: ids start at 1")),
                n => id = Some(n),
            },
            "start" => start = Some(start_time(line, v, notes)?),
            "size" => {
                let b = number::<u64>(line, "size", v)?;
                if !(1..=1 << 30).contains(&b) {
                    return Err(format!(
                        "line {line}: size must be from 1 to 1073741824 bytes, got {b}"
                    ));
                }
                bytes = Some(b);
            }
            "trigger" => c.trigger = Some(trigger_id(line, "trigger", v)?),
            "send_done_trigger" => c.send_done = Some(trigger_id(line, "send_done_trigger", v)?),
            "recv_done_trigger" => c.recv_done = Some(trigger_id(line, "recv_done_trigger", v)?),
            "prio" => {
                number::<i64>(line, "prio", v)?;
                notes.say("prio is read and has no effect (nor in htsim's UEC front end)", line);
            }
            key => {
                return Err(format!(
                    "line {line}: unknown key {:?} (id, start, size, trigger, send_done_trigger, recv_done_trigger, prio and msg are read)",
                    crate::scenario::escape_controls(key)
                ))
            }
        }
        i += 2;
    }
    c.bytes = bytes.ok_or_else(|| format!("line {line}: {pair} has no size"))?;
    match (start, c.trigger) {
        (None, None) => {
            return Err(format!(
                "line {line}: {pair} has neither a start time nor a trigger"
            ))
        }
        (Some(_), Some(t)) => {
            return Err(format!(
                "line {line}: {pair} has both a start time and trigger {t}"
            ))
        }
        (Some(s), None) => c.start_us = s,
        (None, Some(_)) => {}
    }
    Ok((c, id, msg))
}

/// A `start` value: µs, a fraction dropped as htsim's UEC front end drops it.
fn start_time(line: usize, v: &str, notes: &mut Notes) -> Result<u32, String> {
    let t: f64 = v.parse().map_err(|_| {
        format!(
            "line {line}: start must be a time in µs, got {:?}",
            crate::scenario::escape_controls(v)
        )
    })?;
    if !(0.0..=MAX_START_US as f64).contains(&t) {
        return Err(format!(
            "line {line}: start must be from 0 to {MAX_START_US} µs, got {v}"
        ));
    }
    if t.fract() != 0.0 {
        notes.say(
            "a start's fraction of a µs is dropped, as htsim's UEC front end drops it",
            line,
        );
    }
    Ok(t as u32)
}

/// The checks on the whole matrix, `msg` lines merged, undeclared triggers made oneshots.
fn finish(mut r: Reading) -> Result<Matrix, String> {
    let nodes = r.nodes.ok_or("the matrix has no 'Nodes N' line")?;
    let declared = r
        .connections
        .ok_or("the matrix has no 'Connections M' line")?;
    if declared != r.flows.len() {
        let n = r.flows.len();
        r.notes.say(
            &format!("'Connections {declared}' but {n} connection lines follow (htsim refuses this); the {n} are read"),
            0,
        );
    }
    if let Some((i, c)) = r
        .flows
        .iter()
        .enumerate()
        .find(|(_, c)| c.src.max(c.dst) >= nodes)
    {
        return Err(format!(
            "connection {}: {}->{} names a host beyond 'Nodes {nodes}' (hosts 0 to {})",
            i + 1,
            c.src,
            c.dst,
            nodes.saturating_sub(1)
        ));
    }
    let connections = merge_messages(&r.flows, &r.ids, &mut r.notes)?;
    let named: std::collections::BTreeSet<u32> =
        connections.iter().flat_map(Connection::triggers).collect();
    for id in named {
        if !r.declared.contains_key(&id) {
            r.notes.say(
                "a trigger is named but never declared (htsim refuses this); it is read as a oneshot",
                0,
            );
            let oneshot = Trigger {
                id,
                kind: TriggerKind::Oneshot,
                count: 0,
            };
            r.declared.insert(id, oneshot);
        }
    }
    let said = r.triggers.unwrap_or(0);
    if said != r.trigger_lines {
        r.notes.say(
            &format!(
                "'Triggers {said}' but {} trigger lines follow (htsim refuses this)",
                r.trigger_lines
            ),
            0,
        );
    }
    Ok(Matrix {
        nodes,
        connections,
        triggers: r.declared.into_values().collect(),
        notes: r.notes.lines(),
    })
}

/// The `msg` lines of one `id` as one flow of their summed bytes (htsim's `-conn_reuse` sends
/// them one after another over one connection).
fn merge_messages(
    flows: &[Connection],
    ids: &[(Option<u64>, bool)],
    notes: &mut Notes,
) -> Result<Vec<Connection>, String> {
    let mut out: Vec<Connection> = Vec::with_capacity(flows.len());
    let mut first_of: BTreeMap<u64, usize> = BTreeMap::new();
    for (i, (c, &(id, msg))) in flows.iter().zip(ids).enumerate() {
        let (Some(id), true) = (id, msg) else {
            out.push(*c);
            continue;
        };
        let Some(&at) = first_of.get(&id) else {
            first_of.insert(id, out.len());
            out.push(*c);
            continue;
        };
        let first = &mut out[at];
        let same = (first.src, first.dst, first.start_us) == (c.src, c.dst, c.start_us);
        if !same || c.triggers().next().is_some() || first.triggers().next().is_some() {
            return Err(format!(
                "connection {}: the messages of id {id} are read as one flow, so they need the same hosts and start and no triggers",
                i + 1
            ));
        }
        first.bytes = (first.bytes + c.bytes).min(1 << 30);
        notes.say(
            "the messages of one id (msg, htsim's -conn_reuse) are sent as one flow of their summed bytes",
            0,
        );
    }
    Ok(out)
}

/// A matrix's flows in a link's compact form, comma-separated: `SRC-DST:BYTES` each
/// (`12-85:8MiB`), then what it has of `/@START` (µs), `/tN` (started by trigger N), `/sN`
/// (activates N once sent) and `/rN` (once received): `7-0:2MiB/t1/s2`. This is how
/// `workload.connections` is written in a link and after `--set`.
pub fn flows_to_text(connections: &[Connection]) -> String {
    let flows: Vec<String> = connections.iter().map(flow_text).collect();
    flows.join(",")
}

fn flow_text(c: &Connection) -> String {
    let mut text = format!(
        "{}-{}:{}",
        c.src,
        c.dst,
        crate::scenario::format_bytes(c.bytes)
    );
    if c.start_us != 0 {
        text.push_str(&format!("/@{}", c.start_us));
    }
    for (mark, t) in [('t', c.trigger), ('s', c.send_done), ('r', c.recv_done)] {
        if let Some(t) = t {
            text.push_str(&format!("/{mark}{t}"));
        }
    }
    text
}

/// Reads [`flows_to_text`]'s form; an error names the flow by its place (`field[i]`) and the
/// form it expects. Ranges (hosts, sizes, triggers) are validation's.
pub fn flows_from_text(
    field: &str,
    text: &str,
) -> Result<Vec<Connection>, crate::scenario::ScenarioError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for (i, flow) in text.split(',').enumerate() {
        if i == MAX_CONNECTIONS {
            return Err(crate::scenario::err(
                field,
                format!("at most {MAX_CONNECTIONS} flows"),
            ));
        }
        out.push(flow_from_text(&format!("{field}[{i}]"), flow)?);
    }
    Ok(out)
}

fn flow_from_text(name: &str, flow: &str) -> Result<Connection, crate::scenario::ScenarioError> {
    let bad = || {
        crate::scenario::err(
            name,
            format!(
                "must be SRC-DST:BYTES like 12-85:8MiB, then /@START, /tN, /sN or /rN, got {:?}",
                crate::scenario::escape_controls(flow)
            ),
        )
    };
    let mut parts = flow.trim().split('/');
    let (pair, size) = parts.next().unwrap_or("").split_once(':').ok_or_else(bad)?;
    let (src, dst) = pair.split_once('-').ok_or_else(bad)?;
    let mut c = Connection::new(
        src.parse().map_err(|_| bad())?,
        dst.parse().map_err(|_| bad())?,
        crate::scenario::parse_bytes(name, size)?,
    );
    for part in parts {
        let (mark, n) = part.split_at(part.char_indices().nth(1).map_or(part.len(), |(i, _)| i));
        let n: u32 = n.parse().map_err(|_| bad())?;
        let slot = match mark {
            "@" => {
                c.start_us = n;
                continue;
            }
            "t" => &mut c.trigger,
            "s" => &mut c.send_done,
            "r" => &mut c.recv_done,
            _ => return Err(bad()),
        };
        *slot = Some(n);
    }
    Ok(c)
}

/// The matrix in htsim's format (what [`parse_matrix`] reads back): its flows, then its
/// triggers.
pub fn write_matrix(nodes: u32, connections: &[Connection], triggers: &[Trigger]) -> String {
    let mut s = format!("Nodes {nodes}\nConnections {}\n", connections.len());
    if !triggers.is_empty() {
        s.push_str(&format!("Triggers {}\n", triggers.len()));
    }
    for (i, c) in connections.iter().enumerate() {
        s.push_str(&format!("{}->{} id {}", c.src, c.dst, i + 1));
        match c.trigger {
            Some(t) => s.push_str(&format!(" trigger {t}")),
            None => s.push_str(&format!(" start {}", c.start_us)),
        }
        s.push_str(&format!(" size {}", c.bytes));
        if let Some(t) = c.send_done {
            s.push_str(&format!(" send_done_trigger {t}"));
        }
        if let Some(t) = c.recv_done {
            s.push_str(&format!(" recv_done_trigger {t}"));
        }
        s.push('\n');
    }
    for t in triggers {
        s.push_str(&format!("trigger id {} {}", t.id, t.kind.name()));
        if t.kind == TriggerKind::Barrier {
            s.push_str(&format!(" count {}", t.count));
        }
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_htsim_writes() {
        let text = "Nodes 16\nConnections 3\n# a comment\n\n3->7 id 1 start 0 size 4096\n7->3 id 2 start 0.0 size 8388608\n0->15 id 3 start 0 size 1\n";
        let m = parse_matrix(text).unwrap();
        assert_eq!(m.nodes, 16);
        assert_eq!(
            m.connections,
            vec![
                Connection::new(3, 7, 4096),
                Connection::new(7, 3, 8388608),
                Connection::new(0, 15, 1),
            ]
        );
        assert!(m.notes.is_empty(), "{:?}", m.notes);
        assert_eq!(
            parse_matrix(&write_matrix(16, &m.connections, &[])).unwrap(),
            m
        );
    }

    /// Every element of the grammar with a good line: starts, the three trigger keys, the three
    /// kinds of trigger, `Triggers`, `prio` and `msg`.
    #[test]
    fn reads_starts_triggers_priorities_and_messages() {
        let text = "Nodes 16\nConnections 6\nTriggers 3\n\
            1->2 id 1 start 16 size 100 send_done_trigger 1\n\
            2->3 id 2 trigger 1 size 200 recv_done_trigger 2 prio 3\n\
            3->4 id 3 trigger 2 size 300 send_done_trigger 3\n\
            4->5 id 4 trigger 3 size 400\n\
            5->6 id 5 msg start 2.7 size 10\n\
            5->6 id 5 msg 2 start 2 size 20\n\
            trigger id 1 oneshot\ntrigger id 2 multishot\ntrigger id 3 barrier count 2\n";
        let m = parse_matrix(text).unwrap();
        let c = &m.connections;
        assert_eq!(c.len(), 5, "the two messages of id 5 are one flow");
        assert_eq!((c[0].start_us, c[0].send_done), (16, Some(1)));
        assert_eq!((c[1].trigger, c[1].recv_done), (Some(1), Some(2)));
        assert_eq!(c[4].bytes, 30);
        assert_eq!(c[4].start_us, 2, "a fraction of a µs is dropped");
        let kinds: Vec<_> = m.triggers.iter().map(|t| (t.id, t.kind, t.count)).collect();
        assert_eq!(
            kinds,
            vec![
                (1, TriggerKind::Oneshot, 0),
                (2, TriggerKind::Multishot, 0),
                (3, TriggerKind::Barrier, 2)
            ]
        );
        let notes = m.notes.join("\n");
        for said in [
            "line 5: prio is read and has no effect",
            "line 8: a start's fraction",
            "messages of one id",
        ] {
            assert!(notes.contains(said), "{said}: {notes}");
        }
        // written and read back, the same flows and triggers (the merged message is one line)
        let again = parse_matrix(&write_matrix(16, &m.connections, &m.triggers)).unwrap();
        assert_eq!(
            (again.connections, again.triggers),
            (m.connections, m.triggers)
        );
    }

    /// What htsim refuses but a shipped matrix does (`a2a.cm`: triggers named, never declared).
    #[test]
    fn an_undeclared_trigger_is_a_oneshot_and_said_so() {
        let text = "Nodes 4\nConnections 2\nTriggers 1\n0->1 id 1 start 0 size 9 send_done_trigger 1\n1->2 id 2 trigger 1 size 9\n";
        let m = parse_matrix(text).unwrap();
        assert_eq!(
            m.triggers,
            vec![Trigger {
                id: 1,
                kind: TriggerKind::Oneshot,
                count: 0
            }]
        );
        let notes = m.notes.join("\n");
        assert!(notes.contains("never declared"), "{notes}");
        // one of htsim's own (a2a.cm) declares more connections than it has
        let short = parse_matrix("Nodes 4\nConnections 2\n0->1 id 1 start 0 size 9\n").unwrap();
        assert_eq!(short.connections.len(), 1);
        assert_eq!(short.notes, vec!["'Connections 2' but 1 connection lines follow (htsim refuses this); the 1 are read"]);
        assert!(
            notes.contains("'Triggers 1' but 0 trigger lines"),
            "{notes}"
        );
    }

    #[test]
    fn errors_name_the_line_and_the_problem() {
        let cases = [
            ("Connections 1\n0->1 id 1 start 0 size 9\n", "no 'Nodes N'"),
            ("Nodes 4\nConnections 1\n0->9 id 1 start 0 size 9\n", "beyond 'Nodes 4'"),
            ("Nodes 4\nConnections 1\n0->1 id 1 start 0 size 0\n", "line 3: size must be from 1"),
            ("Nodes 4\nConnections 1\n0->1 id 1 start -5 size 9\n", "line 3: start must be from 0"),
            ("Nodes 4\nConnections 1\n0->1 id 1 start 1e8 size 9\n", "line 3: start must be from 0"),
            ("Nodes 4\nConnections 1\n0->1 id 1 start soon size 9\n", "line 3: start must be a time"),
            ("Nodes 4\nConnections 1\n2->2 id 1 start 0 size 9\n", "line 3: 2->2"),
            ("Nodes 4\nConnections 1\n0->x id 1 start 0 size 9\n", "line 3: the destination host"),
            ("Nodes 4\nConnections 1\n0->1 id 1 start 0\n", "line 3: 0->1 has no size"),
            ("Nodes 4\nConnections 1\n0->1 id 1 colour red size 9\n", "line 3: unknown key \"colour\""),
            ("Nodes 4\nConnections 1\n0->1 id 1 start\n", "line 3: after 0->1, \"start\" has no value"),
            ("Nodes 4\nConnections 1\n0->1 id 0 start 0 size 9\n", "line 3: id 0"),
            ("Nodes 4\nConnections 1\n0->1 id 1 size 9\n", "line 3: 0->1 has neither"),
            ("Nodes 4\nConnections 1\n0->1 id 1 start 0 trigger 1 size 9\ntrigger id 1 oneshot\n", "line 3: 0->1 has both"),
            ("Nodes 4\nConnections 1\n0->1 id 1 trigger 0 size 9\n", "line 3: trigger 0"),
            ("Nodes 4\nConnections 1\n0->1 id 1 trigger x size 9\n", "line 3: trigger must be"),
            ("Nodes 4\nConnections 1\n0->1 id 1 start 0 size 9 send_done_trigger -1\n", "line 3: send_done_trigger must be"),
            ("Nodes 4\nConnections 1\n0->1 id 1 start 0 size 9 recv_done_trigger 0\n", "line 3: recv_done_trigger 0"),
            ("Nodes 4\nConnections 1\n0->1 id 1 start 0 size 9 prio high\n", "line 3: prio must be"),
            ("Nodes 4\nConnections 2\n0->1 id 1 msg start 0 size 9\n0->2 id 1 msg start 0 size 9\n", "connection 2: the messages of id 1"),
            ("Nodes 4\nConnections 0\ntrigger id 1\n", "line 3: trigger 1 has no kind"),
            ("Nodes 4\nConnections 0\ntrigger oneshot\n", "line 3: a trigger with no id"),
            ("Nodes 4\nConnections 0\ntrigger id 1 barrier\n", "line 3: barrier 1 needs 'count C'"),
            ("Nodes 4\nConnections 0\ntrigger id 1 oneshot barrier\n", "line 3: a trigger has one kind"),
            ("Nodes 4\nConnections 0\ntrigger id 1 often\n", "line 3: unknown trigger key \"often\""),
            ("Nodes 4\nConnections 0\ntrigger id 1 oneshot\ntrigger id 1 oneshot\n", "line 4: trigger 1 is declared twice"),
            ("Nodes 4\nConnections 0\ntrigger id x oneshot\n", "line 3: trigger id must be"),
            ("Nodes 4\nConnections 0\ntrigger id 1 barrier count x\n", "line 3: count must be"),
            ("Nodes 4\nTriggers 99999999\n", "line 2: Triggers 99999999"),
            ("Nodes 4\nTriggers many\n", "line 2: Triggers must be"),
            ("Nodes 4\nFailures 1\n", "line 2: htsim's failures are not read"),
            ("Nodes 4\nConnections 99999999\n", "line 2: Connections 99999999"),
            ("Nodes four\n", "line 1: Nodes"),
            ("hello\n", "line 1: expected"),
        ];
        for (text, needle) in cases {
            let e = parse_matrix(text).unwrap_err();
            assert!(e.contains(needle), "{text:?}: {e}");
            assert_eq!(e.lines().count(), 1);
        }
        let huge = "#".repeat(MAX_MATRIX_BYTES + 1);
        assert!(parse_matrix(&huge).unwrap_err().contains("more than"));
    }

    #[test]
    fn flows_travel_in_a_link_s_compact_form_and_its_errors_name_the_flow() {
        let mut late = Connection::new(85, 12, 1000);
        late.start_us = 16;
        late.recv_done = Some(4);
        let mut chained = Connection::new(3, 4, 2 << 20);
        chained.trigger = Some(1);
        chained.send_done = Some(2);
        let flows = vec![Connection::new(12, 85, 8 << 20), late, chained];
        let text = flows_to_text(&flows);
        assert_eq!(text, "12-85:8MiB,85-12:1000/@16/r4,3-4:2MiB/t1/s2");
        assert_eq!(flows_from_text("f", &text).unwrap(), flows);
        assert_eq!(flows_from_text("f", "").unwrap(), Vec::new());
        let e = flows_from_text("f", "1-2:4KiB,3>4:1").unwrap_err();
        assert_eq!(e.field, "f[1]");
        assert!(e.message.contains("SRC-DST:BYTES"), "{e}");
        assert_eq!(flows_from_text("f", "1-2:lots").unwrap_err().field, "f[0]");
        for bad in ["1-2:9/x1", "1-2:9/t", "1-2:9/@-1", "1-2:9/", "1-2:9/é1"] {
            assert_eq!(
                flows_from_text("f", bad).unwrap_err().field,
                "f[0]",
                "{bad}"
            );
        }
    }
}
