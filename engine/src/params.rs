//! Game parameters: a table of typed specs per game, and validated values.

use serde::{Deserialize, Serialize};

/// One parameter of a game: its name as in the Jutge kit, default and allowed range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ParamSpec {
    pub name: &'static str,
    pub default: i64,
    pub min: i64,
    pub max: i64,
    pub doc: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    #[error("unknown parameter `{name}`; this game has: {known}")]
    Unknown { name: String, known: String },
    #[error("parameter `{name}` = {value} is out of range: allowed {min}..={max}")]
    OutOfRange { name: String, value: i64, min: i64, max: i64 },
    #[error("invalid parameters: {0}")]
    Invalid(String),
}

/// Parameter values in spec order. Serialised as a JSON object in that order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamValues {
    values: Vec<(String, i64)>,
}

impl ParamValues {
    pub fn defaults(specs: &[ParamSpec]) -> Self {
        ParamValues { values: specs.iter().map(|s| (s.name.to_string(), s.default)).collect() }
    }

    /// Sets one value, checking the name (case-insensitive) and the range.
    pub fn set(&mut self, specs: &[ParamSpec], name: &str, value: i64) -> Result<(), ParamError> {
        let Some(k) = specs.iter().position(|s| s.name.eq_ignore_ascii_case(name)) else {
            return Err(ParamError::Unknown {
                name: name.to_string(),
                known: specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", "),
            });
        };
        let spec = &specs[k];
        if value < spec.min || value > spec.max {
            return Err(ParamError::OutOfRange { name: spec.name.to_string(), value, min: spec.min, max: spec.max });
        }
        self.values[k].1 = value;
        Ok(())
    }

    /// The value of a parameter; panics on a name the game does not have (a programming error).
    pub fn get(&self, name: &str) -> i64 {
        self.values.iter().find(|(n, _)| n == name).map(|(_, v)| *v).unwrap_or_else(|| panic!("no parameter {name}"))
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, i64)> {
        self.values.iter().map(|(n, v)| (n.as_str(), *v))
    }

    /// Re-reads values (e.g. from a replay header) against the game's specs.
    pub fn from_pairs<'a>(
        specs: &[ParamSpec],
        pairs: impl IntoIterator<Item = (&'a str, i64)>,
    ) -> Result<Self, ParamError> {
        let mut values = ParamValues::defaults(specs);
        for (n, v) in pairs {
            values.set(specs, n, v)?;
        }
        Ok(values)
    }
}

impl Serialize for ParamValues {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.values.len()))?;
        for (n, v) in &self.values {
            m.serialize_entry(n, v)?;
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for ParamValues {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = ParamValues;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of integer parameters")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<ParamValues, A::Error> {
                let mut values = Vec::new();
                while let Some((k, v)) = a.next_entry::<String, i64>()? {
                    values.push((k, v));
                }
                Ok(ParamValues { values })
            }
        }
        d.deserialize_map(V)
    }
}

/// A two-parameter table for unit tests.
#[cfg(test)]
pub(crate) const TEST_SPECS: &[ParamSpec] = &[
    ParamSpec { name: "rows", default: 70, min: 20, max: 200, doc: "" },
    ParamSpec { name: "nb_rounds", default: 200, min: 1, max: 10_000, doc: "" },
];

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[ParamSpec] = TEST_SPECS;

    #[test]
    fn set_checks_name_and_range() {
        let mut v = ParamValues::defaults(SPECS);
        assert_eq!(v.get("rows"), 70);
        v.set(SPECS, "ROWS", 30).unwrap();
        assert_eq!(v.get("rows"), 30);
        let e = v.set(SPECS, "rows", 10).unwrap_err();
        assert_eq!(e.to_string(), "parameter `rows` = 10 is out of range: allowed 20..=200");
        let e = v.set(SPECS, "colz", 10).unwrap_err();
        assert!(e.to_string().contains("unknown parameter `colz`; this game has: rows, nb_rounds"));
    }

    #[test]
    fn serialises_in_spec_order() {
        let v = ParamValues::defaults(SPECS);
        let s = serde_json::to_string(&v).unwrap();
        assert_eq!(s, r#"{"rows":70,"nb_rounds":200}"#);
        let back: ParamValues = serde_json::from_str(&s).unwrap();
        assert_eq!(back, v);
    }
}
