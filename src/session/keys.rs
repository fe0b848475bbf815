//! The page's one keyboard model, whatever has focus: Space plays and pauses, the arrows step
//! the cursor (Shift: ten samples), ↑ and ↓ step it decision by decision of the followed flow
//! once its decisions are on screen (until then they scroll the page), Home and End jump to
//! the run's start and end, P toggles the
//! presentation layout, Escape closes an open definition or leaves the presentation. Only a
//! text field or a list (a select) keeps its own keys; a focused button does not, so Space never
//! re-runs or moves the story on by accident (Enter still presses a button).

/// Where a key was pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyTarget {
    /// A text field, a text area or a select: its keys are its own.
    Field,
    /// A term whose definition is open (it has focus).
    Definition,
    /// Anything else: the page, a button, a chart.
    Page,
}

impl KeyTarget {
    /// The target of a key from the focused element's tag and, for an `input`, its type; a
    /// focused term is a `span` with the class `term`.
    pub fn of(tag: &str, input_type: &str, is_term: bool) -> KeyTarget {
        match tag.to_ascii_lowercase().as_str() {
            "textarea" | "select" => KeyTarget::Field,
            "input" => match input_type.to_ascii_lowercase().as_str() {
                // these take no typing: the page's keys win
                "button" | "submit" | "reset" | "checkbox" | "radio" | "range" | "file"
                | "color" => KeyTarget::Page,
                _ => KeyTarget::Field,
            },
            _ if is_term => KeyTarget::Definition,
            _ => KeyTarget::Page,
        }
    }
}

/// What a key asks of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyCommand {
    /// Play or pause.
    Play,
    /// Step the cursor by this many samples.
    Step(i32),
    /// Step the cursor by this many of the followed flow's decisions.
    Decision(i32),
    /// The cursor to the run's start.
    Start,
    /// The cursor to the run's end.
    End,
    /// Into or out of the presentation layout.
    Present,
    /// Close the open definition.
    CloseDefinition,
    /// Leave the presentation layout.
    LeavePresent,
    /// The class story's next move, as a clicker sends it: open the story, run the step on
    /// screen, or once its run is on screen, the next step.
    Next,
    /// The class story's step before.
    Back,
    /// The class's answer to the step's question: its choice (from 0).
    Pick(usize),
}

/// Every key of the model, with what it does, for the page's help.
pub const HELP: &[(&str, &str)] = &[
    CLICKER,
    ("Space", "play or pause"),
    ("← →", "step one sample (Shift: ten)"),
    (
        "↑ ↓",
        "the followed flow's previous or next decision (Shift: ten)",
    ),
    ("Home End", "the run's start or end"),
    ("1 2 3", "the class's answer to the step's question"),
    ("P", "the presentation layout"),
    ("Esc", "close a definition, leave the presentation"),
];

/// The keys a presentation clicker sends (most send Page Down and Page Up): the class story's
/// one key, the first of the help and the presentation's key card.
pub const CLICKER: (&str, &str) = (
    "PgDn PgUp",
    "run the class step, or the next once it has run; the step before",
);

/// The presentation's key card: the keys a class needs, in a word or two each (the help says
/// them in full).
pub const CARD: &[(&str, &str)] = &[
    ("PgDn", "run, then next step"),
    ("PgUp", "step back"),
    ("1 2 3", "answer"),
    ("Space", "play or pause"),
    ("P", "leave"),
];

/// The command of `key` (a `KeyboardEvent.key`) pressed on `target`, `None` if the key is not
/// the page's there. `modified`: Ctrl, Alt or Meta was held (the browser's shortcuts win).
/// `decisions`: a flow's decisions are on screen, for ↑ and ↓ to step through. `class`: the
/// class story is open, for a clicker's Page Down and Page Up.
pub fn command(
    key: &str,
    shift: bool,
    modified: bool,
    target: KeyTarget,
    presenting: bool,
    decisions: bool,
    class: bool,
) -> Option<KeyCommand> {
    if modified {
        return None;
    }
    // a clicker's keys, while the class story is open, whatever has focus (no field of the
    // page pages); otherwise Page Down and Page Up scroll the page
    match key {
        "PageDown" if class => return Some(KeyCommand::Next),
        "PageUp" if class => return Some(KeyCommand::Back),
        _ if target == KeyTarget::Field => return None,
        "1" | "2" | "3" if class => {
            return key.parse::<usize>().ok().map(|n| KeyCommand::Pick(n - 1));
        }
        _ => {}
    }
    let steps = if shift { 10 } else { 1 };
    Some(match key {
        " " | "Spacebar" => KeyCommand::Play,
        "ArrowLeft" => KeyCommand::Step(-steps),
        "ArrowRight" => KeyCommand::Step(steps),
        "ArrowUp" if decisions => KeyCommand::Decision(-steps),
        "ArrowDown" if decisions => KeyCommand::Decision(steps),
        "Home" => KeyCommand::Start,
        "End" => KeyCommand::End,
        "p" | "P" => KeyCommand::Present,
        "Escape" | "Esc" if target == KeyTarget::Definition => KeyCommand::CloseDefinition,
        "Escape" | "Esc" if presenting => KeyCommand::LeavePresent,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: KeyTarget = KeyTarget::Page;

    #[test]
    fn every_key_of_the_model_does_what_the_help_says() {
        let on = |key: &str, shift| command(key, shift, false, PAGE, false, false, false);
        assert_eq!(on(" ", false), Some(KeyCommand::Play));
        assert_eq!(on("ArrowLeft", false), Some(KeyCommand::Step(-1)));
        assert_eq!(on("ArrowRight", false), Some(KeyCommand::Step(1)));
        assert_eq!(on("ArrowLeft", true), Some(KeyCommand::Step(-10)));
        assert_eq!(on("ArrowRight", true), Some(KeyCommand::Step(10)));
        assert_eq!(on("Home", false), Some(KeyCommand::Start));
        assert_eq!(on("End", false), Some(KeyCommand::End));
        assert_eq!(on("p", false), Some(KeyCommand::Present));
        assert_eq!(on("P", true), Some(KeyCommand::Present));
        assert_eq!(on("Escape", false), None, "nothing to leave");
        assert_eq!(
            command("Escape", false, false, PAGE, true, false, false),
            Some(KeyCommand::LeavePresent)
        );
        assert_eq!(
            command(
                "Escape",
                false,
                false,
                KeyTarget::Definition,
                true,
                false,
                false
            ),
            Some(KeyCommand::CloseDefinition),
            "a definition closes first"
        );
        assert_eq!(on("Enter", false), None, "Enter presses the focused button");
        assert_eq!(on("a", false), None);
        assert_eq!(on("ArrowUp", false), None, "no decisions: the page scrolls");
        let traced = |key: &str, shift| command(key, shift, false, PAGE, false, true, false);
        assert_eq!(traced("ArrowUp", false), Some(KeyCommand::Decision(-1)));
        assert_eq!(traced("ArrowDown", false), Some(KeyCommand::Decision(1)));
        assert_eq!(traced("ArrowDown", true), Some(KeyCommand::Decision(10)));
        assert_eq!(on("PageDown", false), None, "no class: the page scrolls");
        let class = |key: &str| command(key, false, false, PAGE, false, false, true);
        assert_eq!(class("PageDown"), Some(KeyCommand::Next));
        assert_eq!(class("PageUp"), Some(KeyCommand::Back));
        for (key, choice) in [("1", 0), ("2", 1), ("3", 2)] {
            assert_eq!(class(key), Some(KeyCommand::Pick(choice)));
            assert_eq!(on(key, false), None, "no class: no question");
        }
        assert_eq!(class("4"), None);
        assert_eq!(HELP.len(), 8);
        let helped = |key: &str| HELP.iter().any(|h| h.0.split(' ').any(|k| k == key));
        assert!(
            CARD.iter().all(|k| k.0.split(' ').all(helped)),
            "the card's keys are the help's"
        );
    }

    #[test]
    fn a_focused_button_does_not_keep_the_keys_but_a_field_does() {
        for (tag, kind) in [
            ("button", ""),
            ("summary", ""),
            ("input", "checkbox"),
            ("input", "range"),
            ("canvas", ""),
        ] {
            let t = KeyTarget::of(tag, kind, false);
            assert_eq!(t, PAGE, "{tag} {kind}");
            assert_eq!(
                command(" ", false, false, t, false, false, false),
                Some(KeyCommand::Play)
            );
        }
        for (tag, kind) in [
            ("input", "text"),
            ("input", ""),
            ("input", "number"),
            ("textarea", ""),
            ("SELECT", ""),
        ] {
            let t = KeyTarget::of(tag, kind, false);
            assert_eq!(t, KeyTarget::Field, "{tag} {kind}");
            for key in [" ", "ArrowLeft", "ArrowUp", "Home", "p", "Escape"] {
                assert_eq!(
                    command(key, false, false, t, true, true, true),
                    None,
                    "{tag} keeps {key}"
                );
            }
            let next = command("PageDown", false, false, t, true, true, true);
            assert_eq!(next, Some(KeyCommand::Next), "a clicker's key in a {tag}");
        }
        assert_eq!(KeyTarget::of("span", "", true), KeyTarget::Definition);
        assert_eq!(
            command(" ", false, true, PAGE, false, false, false),
            None,
            "Ctrl+Space is the browser's"
        );
    }
}
