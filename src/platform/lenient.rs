//! Request fields that clients send loosely: numbers as numbers or numeric text, text as text or a
//! whole number, lists as lists, one value or "a,b" text. Each is a type that parses itself and
//! documents itself in the OpenAPI document (a named schema), so a field says it once:
//! `pub info_id: lenient::Int`. Each reads as the plain value it holds (`Deref`) and is written
//! back as that value.

use std::borrow::Cow;
use std::ops::Deref;

use serde::{Deserialize, Deserializer, Serialize};
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

/// Text the parsers take as a number; blank text counts as none.
const WHOLE_NUMBER: &str = r"^\s*(-?[0-9]{1,15}(\.0*)?)?\s*$";
const NUMBER: &str = r"^\s*(-?[0-9]{1,15}(\.[0-9]*)?)?\s*$";

/// Declares a lenient field type: the value it holds, its parser, its schema's name and schema.
macro_rules! lenient_type {
    ($(#[$doc:meta])* $name:ident($inner:ty), $parse:ident, $schema_name:literal, $schema:expr) => {
        $(#[$doc])*
        #[derive(Debug, Default, Clone, PartialEq, Serialize)]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl Deref for $name {
            type Target = $inner;
            fn deref(&self) -> &$inner {
                &self.0
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $parse(d).map($name)
            }
        }

        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                $schema.into()
            }
        }

        impl ToSchema for $name {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed($schema_name)
            }
        }
    };
}

lenient_type!(
    /// An optional whole number: absent, null and "" are none; `4`, `4.0` and `"4"` are 4.
    Int(Option<i64>), opt_i64, "LenientInt",
    ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::Integer, Type::String, Type::Null])).pattern(Some(WHOLE_NUMBER)).build()
);
lenient_type!(
    /// An optional number: absent, null and "" are none; `4.5` and `"4.5"` are 4.5.
    Number(Option<f64>), opt_f64, "LenientNumber",
    ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::Number, Type::String, Type::Null])).pattern(Some(NUMBER)).build()
);
lenient_type!(
    /// Optional text that clients may also send as a whole number (`"9876543210"` or `9876543210`).
    Text(Option<String>), opt_text, "LenientText",
    ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::String, Type::Integer, Type::Null])).build()
);
lenient_type!(
    /// Whole numbers: `[1, "3"]`, a single `4` or `"4"`, `"1,3"`, or null (none).
    Ints(Vec<i64>), vec_i64, "LenientIntList", list_schema()
);
lenient_type!(
    /// Texts: `["a", "b"]`, a single `"a"` or `"a,b"`, numbers, or null (none); blanks dropped.
    Texts(Vec<String>), vec_text, "LenientTextList", list_schema()
);

impl Copy for Int {}
impl Copy for Number {}

fn list_schema() -> Schema {
    let scalar = || ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::String, Type::Integer]));
    OneOfBuilder::new()
        .item(ArrayBuilder::new().items(scalar()))
        .item(ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::String, Type::Integer, Type::Null])))
        .build()
        .into()
}

#[derive(Deserialize)]
#[serde(untagged)]
enum NumOrText {
    Num(f64),
    Text(String),
}

fn to_f64<E: serde::de::Error>(value: Option<NumOrText>) -> Result<Option<f64>, E> {
    match value {
        None => Ok(None),
        Some(NumOrText::Num(n)) => Ok(Some(n)),
        Some(NumOrText::Text(t)) if t.trim().is_empty() => Ok(None),
        Some(NumOrText::Text(t)) => t.trim().parse::<f64>().map(Some).map_err(|_| E::custom(format!("expected a number, got {t:?}"))),
    }
}

fn opt_f64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    to_f64(Option::<NumOrText>::deserialize(d)?)
}

fn opt_i64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    match to_f64::<D::Error>(Option::<NumOrText>::deserialize(d)?)? {
        None => Ok(None),
        Some(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => Ok(Some(n as i64)),
        Some(n) => Err(serde::de::Error::custom(format!("expected a whole number, got {n}"))),
    }
}

fn opt_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum TextOrInt {
        Text(String),
        Int(u64),
    }
    Ok(match Option::<TextOrInt>::deserialize(d)? {
        None => None,
        Some(TextOrInt::Text(t)) => Some(t),
        Some(TextOrInt::Int(n)) => Some(n.to_string()),
    })
}

fn vec_i64<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i64>, D::Error> {
    Ok(texts(d)?.iter().filter_map(|t| t.trim().parse::<i64>().ok()).collect())
}

fn vec_text<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    Ok(texts(d)?.into_iter().map(|t| t.trim().to_string()).filter(|t| !t.is_empty()).collect())
}

fn texts<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Item {
        Text(String),
        Num(f64),
    }
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        Many(Vec<Item>),
        One(Item),
    }
    let text = |i: Item| match i {
        Item::Text(t) => t,
        Item::Num(n) => n.to_string(),
    };
    Ok(match Option::<OneOrMany>::deserialize(d)? {
        None => Vec::new(),
        Some(OneOrMany::Many(items)) => items.into_iter().map(text).collect(),
        Some(OneOrMany::One(item)) => text(item).split(',').map(str::to_string).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize, Default)]
    #[serde(default)]
    struct Fields {
        id: Int,
        price: Number,
        phone: Text,
        ids: Ints,
        names: Texts,
    }

    fn parse(json: &str) -> Result<Fields, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn numbers_come_as_numbers_or_text_and_blank_is_none() {
        let f = parse(r#"{"id": "4", "price": 2.5, "phone": 9876543210, "ids": "1,3", "names": ["a", " ", 7]}"#).unwrap();
        assert_eq!((*f.id, *f.price, f.phone.as_deref()), (Some(4), Some(2.5), Some("9876543210")));
        assert_eq!((&f.ids[..], &f.names[..]), (&[1, 3][..], &["a".to_string(), "7".to_string()][..]));
        let blank = parse(r#"{"id": "", "price": null, "phone": null, "ids": null}"#).unwrap();
        assert_eq!((*blank.id, *blank.price, blank.phone.0, blank.ids.0), (None, None, None, vec![]));
        assert_eq!(*parse("{}").unwrap().id, None);
    }

    #[test]
    fn a_fraction_or_words_are_not_a_whole_number() {
        assert!(parse(r#"{"id": 4.5}"#).is_err());
        assert!(parse(r#"{"id": "four"}"#).is_err());
        assert!(parse(r#"{"price": "1e400x"}"#).is_err());
    }
}
