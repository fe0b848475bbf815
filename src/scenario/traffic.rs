//! Traffic matrices in the connection-matrix format of htsim, so that the same flows can be run
//! in SprayLab and in the UEC reference simulator and compared flow by flow.
//!
//! The format, as htsim's generators write it (`connection_matrices/*.cm`) and its
//! `ConnectionMatrix::load` reads it:
//!
//! ```text
//! Nodes 128
//! Connections 2
//! 12->85 id 1 start 0 size 8388608
//! 85->12 id 2 start 0 size 8388608
//! ```
//!
//! A header line names the hosts (`Nodes`) and the connections that follow (`Connections`);
//! each connection is `SRC->DST` and then `key value` pairs: `id` (any whole number), `start`
//! (µs) and `size` (bytes). Blank lines and lines starting with `#` are skipped. SprayLab starts
//! every flow at t = 0, so a `start` other than 0 is refused, as are htsim's collective
//! extensions (`Triggers`, `Failures`, trigger keys). A matrix's flows replace the flows the
//! scenario's workload would draw; each is sprayed by the scenario's LB scheme, in file order
//! (which fixes each flow's random streams, as the order of a drawn workload does).

use serde::{Deserialize, Serialize};

/// The most connections a matrix may hold.
pub const MAX_CONNECTIONS: usize = 65_536;
/// The largest file the reader takes, bytes (about 40 bytes a connection).
pub const MAX_MATRIX_BYTES: usize = 8 << 20;

/// One flow of a traffic matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Connection {
    pub src: u32,
    pub dst: u32,
    /// Bytes to deliver.
    pub bytes: u64,
}

/// A matrix as read: the hosts it was written for and its connections.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matrix {
    pub nodes: u32,
    pub connections: Vec<Connection>,
}

fn number<T: std::str::FromStr>(line: usize, what: &str, text: &str) -> Result<T, String> {
    text.parse().map_err(|_| {
        format!(
            "line {line}: {what} must be a whole number, got {:?}",
            crate::scenario::escape_controls(text)
        )
    })
}

/// Reads a matrix; an error names the line and what is wrong with it, in one line.
pub fn parse_matrix(text: &str) -> Result<Matrix, String> {
    if text.len() > MAX_MATRIX_BYTES {
        return Err(format!(
            "the file holds {} bytes, more than the {MAX_MATRIX_BYTES} a matrix may have",
            text.len()
        ));
    }
    let (mut nodes, mut declared) = (None, None);
    let mut connections = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let tokens: Vec<&str> = raw.split_whitespace().collect();
        match tokens.as_slice() {
            [] => continue,
            [first, ..] if first.starts_with('#') => continue,
            ["Nodes", n] => nodes = Some(number::<u32>(line, "Nodes", n)?),
            ["Connections", n] => {
                let n = number::<usize>(line, "Connections", n)?;
                if n > MAX_CONNECTIONS {
                    return Err(format!(
                        "line {line}: Connections {n}: at most {MAX_CONNECTIONS} are allowed"
                    ));
                }
                declared = Some(n);
            }
            ["Triggers" | "Failures", n] if *n == "0" => continue,
            [kind @ ("Triggers" | "Failures"), _] => {
                return Err(format!(
                    "line {line}: {kind}: htsim's triggers and failures are not supported"
                ))
            }
            [pair, rest @ ..] if pair.contains("->") => {
                if connections.len() == MAX_CONNECTIONS {
                    return Err(format!(
                        "line {line}: more than {MAX_CONNECTIONS} connections"
                    ));
                }
                connections.push(connection(line, pair, rest)?);
            }
            _ => {
                return Err(format!(
                    "line {line}: expected 'Nodes N', 'Connections M' or 'SRC->DST id I start T size BYTES', got {:?}",
                    crate::scenario::escape_controls(raw.trim())
                ))
            }
        }
    }
    let nodes = nodes.ok_or("the matrix has no 'Nodes N' line")?;
    let declared = declared.ok_or("the matrix has no 'Connections M' line")?;
    if declared != connections.len() {
        return Err(format!(
            "'Connections {declared}' but {} connection lines follow",
            connections.len()
        ));
    }
    if let Some((i, c)) = connections
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
    Ok(Matrix { nodes, connections })
}

/// One `SRC->DST key value ...` line.
fn connection(line: usize, pair: &str, rest: &[&str]) -> Result<Connection, String> {
    let (src, dst) = pair.split_once("->").unwrap_or_default();
    let (src, dst) = (
        number::<u32>(line, "the source host", src)?,
        number::<u32>(line, "the destination host", dst)?,
    );
    if src == dst {
        return Err(format!(
            "line {line}: {src}->{dst}: a host cannot send to itself"
        ));
    }
    if rest.len() % 2 != 0 {
        return Err(format!(
            "line {line}: after {pair}, expected 'key value' pairs (id I start T size BYTES)"
        ));
    }
    let mut bytes = None;
    for kv in rest.chunks(2) {
        match (kv[0], kv[1]) {
            ("id", v) => {
                number::<u64>(line, "id", v)?;
            }
            ("start", v) => {
                let start: f64 = v.parse().map_err(|_| {
                    format!(
                        "line {line}: start must be a time in µs, got {:?}",
                        crate::scenario::escape_controls(v)
                    )
                })?;
                if start != 0.0 {
                    return Err(format!(
                        "line {line}: start {v}: every flow starts at 0 in SprayLab"
                    ));
                }
            }
            ("size", v) => {
                let b = number::<u64>(line, "size", v)?;
                if !(1..=1 << 30).contains(&b) {
                    return Err(format!(
                        "line {line}: size must be from 1 to 1073741824 bytes, got {b}"
                    ));
                }
                bytes = Some(b);
            }
            (key, _) => {
                return Err(format!(
                    "line {line}: unknown key {:?} (id, start and size are read)",
                    crate::scenario::escape_controls(key)
                ))
            }
        }
    }
    let bytes = bytes.ok_or_else(|| format!("line {line}: {pair} has no size"))?;
    Ok(Connection { src, dst, bytes })
}

/// A matrix's flows in a link's compact form, `SRC-DST:BYTES` each, comma-separated
/// (`12-85:8MiB,85-12:8MiB`), as `workload.connections` is written in a link and `--set`.
pub fn flows_to_text(connections: &[Connection]) -> String {
    let flows: Vec<String> = connections
        .iter()
        .map(|c| {
            let size = crate::scenario::format_bytes(c.bytes);
            format!("{}-{}:{size}", c.src, c.dst)
        })
        .collect();
    flows.join(",")
}

/// Reads [`flows_to_text`]'s form; an error names the flow by its place (`field[i]`) and the
/// form it expects. Ranges (hosts, sizes) are validation's.
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
        let name = format!("{field}[{i}]");
        let bad = || {
            crate::scenario::err(
                &name,
                format!(
                    "must be SRC-DST:BYTES like 12-85:8MiB, got {:?}",
                    crate::scenario::escape_controls(flow)
                ),
            )
        };
        let (pair, size) = flow.trim().split_once(':').ok_or_else(bad)?;
        let (src, dst) = pair.split_once('-').ok_or_else(bad)?;
        out.push(Connection {
            src: src.parse().map_err(|_| bad())?,
            dst: dst.parse().map_err(|_| bad())?,
            bytes: crate::scenario::parse_bytes(&name, size)?,
        });
    }
    Ok(out)
}

/// The matrix in htsim's format (what [`parse_matrix`] reads back).
pub fn write_matrix(nodes: u32, connections: &[Connection]) -> String {
    let mut s = format!("Nodes {nodes}\nConnections {}\n", connections.len());
    for (i, c) in connections.iter().enumerate() {
        s.push_str(&format!(
            "{}->{} id {} start 0 size {}\n",
            c.src,
            c.dst,
            i + 1,
            c.bytes
        ));
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
                Connection {
                    src: 3,
                    dst: 7,
                    bytes: 4096
                },
                Connection {
                    src: 7,
                    dst: 3,
                    bytes: 8388608
                },
                Connection {
                    src: 0,
                    dst: 15,
                    bytes: 1
                },
            ]
        );
        assert_eq!(parse_matrix(&write_matrix(16, &m.connections)).unwrap(), m);
    }

    #[test]
    fn errors_name_the_line_and_the_problem() {
        let cases = [
            ("Connections 1\n0->1 id 1 start 0 size 9\n", "no 'Nodes N'"),
            (
                "Nodes 4\nConnections 2\n0->1 id 1 start 0 size 9\n",
                "'Connections 2' but 1",
            ),
            (
                "Nodes 4\nConnections 1\n0->9 id 1 start 0 size 9\n",
                "beyond 'Nodes 4'",
            ),
            (
                "Nodes 4\nConnections 1\n0->1 id 1 start 0 size 0\n",
                "line 3: size must be from 1",
            ),
            (
                "Nodes 4\nConnections 1\n0->1 id 1 start 5 size 9\n",
                "line 3: start 5",
            ),
            (
                "Nodes 4\nConnections 1\n2->2 id 1 start 0 size 9\n",
                "line 3: 2->2",
            ),
            (
                "Nodes 4\nConnections 1\n0->x id 1 start 0 size 9\n",
                "line 3: the destination host",
            ),
            (
                "Nodes 4\nConnections 1\n0->1 id 1 start 0\n",
                "line 3: 0->1 has no size",
            ),
            (
                "Nodes 4\nConnections 1\n0->1 id 1 colour red size 9\n",
                "line 3: unknown key \"colour\"",
            ),
            (
                "Nodes 4\nConnections 1\n0->1 id 1 start\n",
                "line 3: after 0->1",
            ),
            ("Nodes 4\nTriggers 2\n", "line 2: Triggers"),
            (
                "Nodes 4\nConnections 99999999\n",
                "line 2: Connections 99999999",
            ),
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
        let flows = vec![
            Connection {
                src: 12,
                dst: 85,
                bytes: 8 << 20,
            },
            Connection {
                src: 85,
                dst: 12,
                bytes: 1000,
            },
        ];
        let text = flows_to_text(&flows);
        assert_eq!(text, "12-85:8MiB,85-12:1000");
        assert_eq!(flows_from_text("f", &text).unwrap(), flows);
        assert_eq!(flows_from_text("f", "").unwrap(), Vec::new());
        let e = flows_from_text("f", "1-2:4KiB,3>4:1").unwrap_err();
        assert_eq!(e.field, "f[1]");
        assert!(e.message.contains("SRC-DST:BYTES"), "{e}");
        assert_eq!(flows_from_text("f", "1-2:lots").unwrap_err().field, "f[0]");
    }
}
