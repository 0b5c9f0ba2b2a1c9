//! Files from elsewhere (an event archive, a registry file) read within bounds while they are
//! read, not after: a gzip body is decompressed as it is parsed (never held whole), at most a
//! stated number of bytes, and every list of the document holds at most a stated number of
//! items, so a small compressed file of millions of empty items is refused at the first item
//! past its list's bound, having allocated no more than a full list of real ones.

use std::cell::Cell;
use std::fmt;
use std::io::{BufReader, Read};
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{self, DeserializeOwned, DeserializeSeed, Deserializer, SeqAccess, Visitor};

use super::objects_only::ObjectsOnly;

/// The words a list past its bound is refused with (so the reader can tell "too large" from
/// "malformed").
const PAST_BOUND: &str = "more items than this list may hold";

/// Why a document was not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Unread {
    /// More than the bytes allowed once decompressed.
    TooLarge,
    /// A list longer than its bound: where, and the bound.
    PastBound(String),
    /// Not gzip, not JSON, or not of the document's shape: where and why.
    Malformed(String),
}

/// Counts the bytes read through it.
struct Counted<'a, R> {
    inner: R,
    read: &'a Cell<u64>,
}

impl<R: Read> Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.set(self.read.get() + n as u64);
        Ok(n)
    }
}

/// Reads `T` from `bytes`: JSON, or gzip holding JSON, at most `max` bytes once decompressed,
/// its structs from objects only ([`ObjectsOnly`]), its lists within their bounds
/// ([`AtMost`]).
pub(crate) fn read_document<T: DeserializeOwned>(bytes: &[u8], max: usize) -> Result<T, Unread> {
    let limit = u64::try_from(max).unwrap_or(u64::MAX);
    let read = Cell::new(0_u64);
    let gzip = bytes.starts_with(&[0x1f, 0x8b]);
    if !gzip && bytes.len() > max {
        return Err(Unread::TooLarge);
    }
    let source: Box<dyn Read + '_> = if gzip {
        Box::new(flate2::read::MultiGzDecoder::new(bytes))
    } else {
        Box::new(bytes)
    };
    let counted = Counted {
        inner: source.take(limit.saturating_add(1)),
        read: &read,
    };
    let mut reader = serde_json::Deserializer::from_reader(BufReader::new(counted));
    let parsed = serde_path_to_error::deserialize(ObjectsOnly(&mut reader))
        .map_err(|e| (e.path().to_string(), e.into_inner()))
        .and_then(|value| {
            reader
                .end()
                .map(|()| value)
                .map_err(|e| (String::from("."), e))
        });
    match parsed {
        _ if read.get() > limit => Err(Unread::TooLarge),
        Ok(value) => Ok(value),
        Err((path, e)) => {
            let inner = e.to_string();
            let said = clipped(&format!("{path}: {inner}"));
            if inner.contains(PAST_BOUND) {
                Err(Unread::PastBound(said))
            } else {
                Err(Unread::Malformed(said))
            }
        }
    }
}

/// `bytes` as gzip: kept as they are when they are gzip already.
pub(crate) fn gzip(bytes: &[u8]) -> Result<Vec<u8>, super::ServiceError> {
    use std::io::Write;
    if bytes.starts_with(&[0x1f, 0x8b]) {
        return Ok(bytes.to_vec());
    }
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder
        .write_all(bytes)
        .map_err(|e| super::ServiceError::Internal(e.to_string()))?;
    encoder
        .finish()
        .map_err(|e| super::ServiceError::Internal(e.to_string()))
}

/// A message quoted back, cut short: it may hold whatever the file held.
fn clipped(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(300).collect()
}

/// A list of at most `N` items: `#[serde(deserialize_with = "AtMost::<N>::vec")]`. The item
/// past the bound is refused as it is read.
pub(crate) struct AtMost<const N: usize>;

impl<const N: usize> AtMost<N> {
    pub(crate) fn vec<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
    where
        D: Deserializer<'de>,
        T: Deserialize<'de>,
    {
        d.deserialize_seq(Items::<T, N>(PhantomData))
    }

    /// An optional list of at most `N` items.
    pub(crate) fn option_vec<'de, D, T>(d: D) -> Result<Option<Vec<T>>, D::Error>
    where
        D: Deserializer<'de>,
        T: Deserialize<'de>,
    {
        /// The list, when present.
        struct Present<T, const N: usize>(Vec<T>);
        impl<'de, T: Deserialize<'de>, const N: usize> Deserialize<'de> for Present<T, N> {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                AtMost::<N>::vec(d).map(Present)
            }
        }
        Ok(Option::<Present<T, N>>::deserialize(d)?.map(|p| p.0))
    }
}

struct Items<T, const N: usize>(PhantomData<T>);

impl<'de, T: Deserialize<'de>, const N: usize> Visitor<'de> for Items<T, N> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a list of at most {N} items")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(N).min(1024));
        while let Some(item) = seq.next_element()? {
            if items.len() == N {
                return Err(de::Error::custom(format!("{PAST_BOUND} ({N})")));
            }
            items.push(item);
        }
        Ok(items)
    }
}

/// Free-form JSON (a prize fund as its editor wrote it) of at most `N` values in all, nested at
/// most 32 deep: `#[serde(deserialize_with = "Nodes::<N>::value")]`.
pub(crate) struct Nodes<const N: usize>;

/// How deep free-form JSON may nest.
const MAX_DEPTH: usize = 32;

impl<const N: usize> Nodes<N> {
    pub(crate) fn value<'de, D: Deserializer<'de>>(d: D) -> Result<serde_json::Value, D::Error> {
        let left = Cell::new(N);
        Budgeted {
            left: &left,
            depth: 0,
        }
        .deserialize(d)
    }
}

/// A value and the budget of values left for the whole document.
#[derive(Clone, Copy)]
struct Budgeted<'b> {
    left: &'b Cell<usize>,
    depth: usize,
}

impl<'b> Budgeted<'b> {
    fn spend<E: de::Error>(self) -> Result<(), E> {
        match self.left.get().checked_sub(1) {
            Some(left) if self.depth <= MAX_DEPTH => {
                self.left.set(left);
                Ok(())
            }
            _ => Err(E::custom(format!("{PAST_BOUND} (a value too large)"))),
        }
    }

    fn inner(self) -> Budgeted<'b> {
        Budgeted {
            left: self.left,
            depth: self.depth + 1,
        }
    }
}

impl<'de> DeserializeSeed<'de> for Budgeted<'_> {
    type Value = serde_json::Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<serde_json::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Budgeted<'_> {
    type Value = serde_json::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<serde_json::Value, E> {
        self.spend()?;
        Ok(v.into())
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<serde_json::Value, E> {
        self.spend()?;
        Ok(v.into())
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<serde_json::Value, E> {
        self.spend()?;
        Ok(v.into())
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<serde_json::Value, E> {
        self.spend()?;
        Ok(serde_json::Number::from_f64(v).map_or(serde_json::Value::Null, Into::into))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<serde_json::Value, E> {
        self.spend()?;
        Ok(v.into())
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<serde_json::Value, E> {
        self.spend()?;
        Ok(v.into())
    }

    fn visit_unit<E: de::Error>(self) -> Result<serde_json::Value, E> {
        self.spend()?;
        Ok(serde_json::Value::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<serde_json::Value, E> {
        self.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<serde_json::Value, D::Error> {
        self.deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<serde_json::Value, A::Error> {
        self.spend()?;
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(self.inner())? {
            items.push(item);
        }
        Ok(serde_json::Value::Array(items))
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<serde_json::Value, A::Error> {
        self.spend()?;
        let mut fields = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            self.spend()?;
            let value = map.next_value_seed(self.inner())?;
            fields.insert(key, value);
        }
        Ok(serde_json::Value::Object(fields))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Doc {
        #[serde(default, deserialize_with = "AtMost::<3>::vec")]
        tags: Vec<String>,
        #[serde(default, deserialize_with = "Nodes::<20>::value")]
        free: serde_json::Value,
    }

    fn gzip(text: &[u8]) -> Vec<u8> {
        use std::io::Write;
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        encoder.write_all(text).unwrap();
        encoder.finish().unwrap()
    }

    #[test]
    fn a_list_is_refused_at_the_first_item_past_its_bound() {
        let doc: Doc = read_document(br#"{"tags": ["a", "b", "c"]}"#, 1 << 20).unwrap();
        assert_eq!(doc.tags.len(), 3);
        let past = read_document::<Doc>(br#"{"tags": ["a", "b", "c", "d"]}"#, 1 << 20);
        assert!(matches!(past, Err(Unread::PastBound(ref at)) if at.starts_with("tags")));
        // Millions of empty items, a few kilobytes compressed: refused without reading them.
        let mut bomb = b"{\"tags\": [".to_vec();
        bomb.extend(b"\"\",".repeat(5_000_000));
        bomb.extend(b"\"\"]}");
        let small = gzip(&bomb);
        assert!(small.len() < 100_000, "{}", small.len());
        assert!(matches!(
            read_document::<Doc>(&small, 64 << 20),
            Err(Unread::PastBound(_))
        ));
    }

    #[test]
    fn a_document_past_its_bytes_is_too_large_however_it_came() {
        let text = format!(r#"{{"tags": ["{}"]}}"#, "x".repeat(2000));
        assert_eq!(
            read_document::<Doc>(text.as_bytes(), 1000).unwrap_err(),
            Unread::TooLarge
        );
        assert_eq!(
            read_document::<Doc>(&gzip(text.as_bytes()), 1000).unwrap_err(),
            Unread::TooLarge
        );
        assert!(read_document::<Doc>(&gzip(text.as_bytes()), 4000).is_ok());
    }

    #[test]
    fn free_json_is_bounded_in_values_and_depth() {
        let doc: Doc = read_document(br#"{"free": {"a": [1, 2, {"b": null}]}}"#, 1 << 20).unwrap();
        assert_eq!(doc.free["a"][2]["b"], serde_json::Value::Null);
        let many = format!(r#"{{"free": [{}]}}"#, vec!["[]"; 30].join(","));
        assert!(matches!(
            read_document::<Doc>(many.as_bytes(), 1 << 20),
            Err(Unread::PastBound(_))
        ));
        #[derive(Debug, Deserialize)]
        struct Deep {
            #[serde(deserialize_with = "Nodes::<1000>::value")]
            free: serde_json::Value,
        }
        let nested = |n: usize| format!(r#"{{"free": {}{}}}"#, "[".repeat(n), "]".repeat(n));
        let shallow = read_document::<Deep>(nested(30).as_bytes(), 1 << 20).unwrap();
        assert!(shallow.free.is_array());
        assert!(matches!(
            read_document::<Deep>(nested(40).as_bytes(), 1 << 20),
            Err(Unread::PastBound(_))
        ));
    }

    #[test]
    fn malformed_documents_say_where() {
        let bad = read_document::<Doc>(br#"{"tags": [1]}"#, 1 << 20);
        assert!(matches!(bad, Err(Unread::Malformed(ref at)) if at.starts_with("tags")));
        assert!(matches!(
            read_document::<Doc>(br#"{"tags": []} trailing"#, 1 << 20),
            Err(Unread::Malformed(_))
        ));
        assert!(matches!(
            read_document::<Doc>(&[0x1f, 0x8b, 0, 1, 2], 1 << 20),
            Err(Unread::Malformed(_))
        ));
    }
}
