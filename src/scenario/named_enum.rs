//! `named_enum!`: a C-like enum declared with its text name beside each variant, and where a
//! menu should say more than the name, its label in brackets after it. From that one table come
//! `ALL`, `NAMES`, `LABELS`, `name()`, `label()`, `parse()`, `Display` and serde, so scenario
//! files, the command line, CSVs, links and the page's menus spell every choice the same way
//! ([`super::names`], [`super::cca_table`]).

/// A C-like enum whose text form comes from one table of `Variant = "name"` lines (or
/// `Variant = "name" ("menu label")`).
macro_rules! named_enum {
    (@label $name:literal) => { $name };
    (@label $name:literal $label:literal) => { $label };
    (
        $(#[$meta:meta])*
        pub enum $ty:ident {
            $( $(#[$vmeta:meta])* $var:ident = $name:literal $(($label:literal))?, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $ty {
            $( $(#[$vmeta])* $var, )+
        }

        impl $ty {
            /// Every variant, in declaration order.
            pub const ALL: &'static [$ty] = &[$($ty::$var),+];
            /// Every name, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($name),+];
            /// Every menu label, in declaration order (the name where none is given).
            pub const LABELS: &'static [&'static str] =
                &[$(named_enum!(@label $name $($label)?)),+];

            /// The variant's name in scenario files, on the command line and in CSVs.
            pub const fn name(self) -> &'static str {
                match self {
                    $( $ty::$var => $name, )+
                }
            }

            /// How a menu labels the variant.
            pub const fn label(self) -> &'static str {
                Self::LABELS[self as usize]
            }

            /// The variant called `s` (case-insensitive).
            pub fn parse(s: &str) -> Option<$ty> {
                Self::ALL.iter().copied().find(|v| v.name().eq_ignore_ascii_case(s))
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <std::borrow::Cow<str> as serde::Deserialize>::deserialize(d)?;
                $ty::ALL
                    .iter()
                    .copied()
                    .find(|v| v.name() == s)
                    .ok_or_else(|| serde::de::Error::unknown_variant(&s, Self::NAMES))
            }
        }
    };
}
pub(super) use named_enum;
