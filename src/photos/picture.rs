//! What a sent photo becomes before it is kept: checked by content (JPEG or WebP magic bytes, then
//! decoded by the `image` crate under `image::Limits`), turned upright, scaled to at most
//! [`MAX_SIDE`] pixels a side and re-encoded as a JPEG of at most [`MAX_STORED_BYTES`], so
//! no metadata the phone left (EXIF with GPS, XMP, ICC) survives; a thumbnail of [`THUMB_SIDE`]
//! pixels and a perceptual hash go with it. No SQL and no files here (see `store`).
//!
//! A phone's own photo (upright, at most [`MAX_SIDE`] and [`MAX_STORED_BYTES`]) is the exception:
//! it is kept as sent less its metadata segments, and decoded only small, in the JPEG decoder's
//! own scaled DCT, for its thumbnail and hash.
//!
//! Decoding is the one costly step, so it is bounded per photo and shared between senders: a
//! photo must be plausible for its size before it is decoded (a few hundred bytes claiming 22
//! megapixels took 185 MB and 0.8 s), the decodes at once are few, and each sender's photos queue
//! in a lane of their own (`crate::platform::lanes`), one decoding at a time, so one agent's flood takes one
//! slot and never the others'.

use std::io::Cursor;
use std::sync::LazyLock;

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;

use super::messages::{PHOTO_IMPLAUSIBLY_SMALL, PHOTO_NOT_AN_IMAGE, PHOTO_TOO_LARGE_TO_DECODE, PHOTO_UNREADABLE};
use crate::platform::error::{AppError, AppResult};
use crate::platform::lanes::Place;

/// Longest side of a stored photo, in pixels.
pub const MAX_SIDE: u32 = 1600;
/// Largest stored photo, in bytes.
pub const MAX_STORED_BYTES: usize = 200 * 1024;
/// Longest side of a thumbnail, in pixels.
pub const THUMB_SIDE: u32 = 320;
/// Largest photo accepted on the wire (the phone sends at most 200 KB; a camera original fits).
pub const MAX_SENT_BYTES: usize = 2 * 1024 * 1024;
/// Largest side a sent photo may claim: a camera's original (4080 x 3072, 4256 x 2832) fits; a
/// pixel flood does not.
pub const MAX_DECODE_SIDE: u32 = 8192;
/// Most memory one decode may take: about 22 megapixels of RGB (a 12 MP original is 36 MiB).
pub const MAX_DECODE_ALLOC: u64 = 64 * 1024 * 1024;
/// Pixels any photo may have whatever its size: the phone's own (at most 1600 px a side) are never
/// held to [`MAX_PIXELS_PER_BYTE`].
const FREE_PIXELS: usize = (MAX_SIDE * MAX_SIDE) as usize;
/// Beyond [`FREE_PIXELS`], the most pixels a photo may claim per byte of its file. A camera's JPEG
/// takes one to four bits a pixel; even a flat grey baseline JPEG takes six bits for each 8 x 8
/// block of each component (about 57 pixels a byte at 4:2:0). A header claiming more is a forgery
/// or a file cut short, refused before it is decoded.
const MAX_PIXELS_PER_BYTE: usize = 100;
/// Decodes at once: with [`MAX_DECODE_ALLOC`] each, the memory photos can take is bounded however
/// many phones send together. Each sender takes at most one (see `prepare`).
const DECODES_AT_ONCE: usize = 2;
static DECODES: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(DECODES_AT_ONCE));

/// A sent photo that passed the checks made without decoding it.
pub struct Sent {
    format: ImageFormat,
    bytes: axum::body::Bytes,
}

/// A photo ready to keep.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// The JPEG kept (no metadata, at most 1600 px and 200 KB).
    pub bytes: Vec<u8>,
    pub thumb: Vec<u8>,
    /// Lower-case hex sha256 of `bytes`.
    pub sha256: String,
    pub phash: i64,
    pub width: u32,
    pub height: u32,
}

/// The kind of `bytes` by their first bytes: JPEG or WebP, nothing else.
fn sniff(bytes: &[u8]) -> Option<ImageFormat> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(ImageFormat::Jpeg)
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(ImageFormat::WebP)
    } else {
        None
    }
}

/// Whether the file is whole: a JPEG ends with its EOI marker (a decoder fills a cut-off JPEG
/// with grey rather than failing), a WebP's RIFF header counts the bytes that follow it.
fn is_whole(format: ImageFormat, bytes: &[u8]) -> bool {
    match format {
        ImageFormat::Jpeg => {
            let end = bytes.iter().rposition(|b| *b != 0).map_or(0, |i| i + 1);
            end >= 4 && bytes[end - 2..end] == [0xFF, 0xD9]
        }
        ImageFormat::WebP => {
            let declared = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize;
            declared.checked_add(8).is_some_and(|n| n <= bytes.len())
        }
        _ => false,
    }
}

/// Checks a sent photo without decoding it: its kind by content, whole, and the size its header
/// claims within the limits and plausible for the file's length.
pub fn check(bytes: axum::body::Bytes) -> AppResult<Sent> {
    let format = sniff(&bytes).ok_or_else(|| AppError::bad_request(PHOTO_NOT_AN_IMAGE.on("file")))?;
    if !is_whole(format, &bytes) {
        return Err(AppError::bad_request(PHOTO_UNREADABLE.on("file")));
    }
    // The size the header claims, before any decoder sees it (a pixel flood is refused unread).
    let size = imagesize::blob_size(&bytes).map_err(|_| AppError::bad_request(PHOTO_UNREADABLE.on("file")))?;
    let pixels = size.width.saturating_mul(size.height);
    if size.width.max(size.height) > MAX_DECODE_SIDE as usize || pixels.saturating_mul(3) as u64 > MAX_DECODE_ALLOC {
        return Err(AppError::bad_request(PHOTO_TOO_LARGE_TO_DECODE.on("file")));
    }
    if pixels > FREE_PIXELS && pixels / MAX_PIXELS_PER_BYTE > bytes.len() {
        return Err(AppError::bad_request(PHOTO_IMPLAUSIBLY_SMALL.on("file")));
    }
    Ok(Sent { format, bytes })
}

/// Decodes a checked photo, upright, within the limits, once its sender's earlier photos are done
/// (`place`: its place in the sender's lane) and a decode slot is free.
pub async fn prepare(sent: Sent, place: &Place) -> AppResult<Prepared> {
    let _turn = place.turn().await.map_err(|e| AppError::Internal(e.into()))?;
    let _slot = DECODES.acquire().await.map_err(|e| AppError::Internal(e.into()))?;
    crate::platform::state::blocking(move || prepare_now(sent.format, &sent.bytes)).await
}

fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DECODE_SIDE);
    limits.max_image_height = Some(MAX_DECODE_SIDE);
    limits.max_alloc = Some(MAX_DECODE_ALLOC);
    limits
}

/// The whole picture, upright.
fn decode(format: ImageFormat, bytes: &[u8]) -> AppResult<DynamicImage> {
    let refused = |e: image::ImageError| match e {
        image::ImageError::Limits(_) => AppError::bad_request(PHOTO_TOO_LARGE_TO_DECODE.on("file")),
        _ => AppError::bad_request(PHOTO_UNREADABLE.on("file")),
    };
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits());
    let mut decoder = reader.into_decoder().map_err(refused)?;
    // What the decoded picture will take, checked before it is allocated.
    limits().reserve(decoder.total_bytes()).map_err(refused)?;
    let orientation = decoder.orientation().unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut picture = DynamicImage::from_decoder(decoder).map_err(refused)?;
    picture.apply_orientation(orientation);
    Ok(picture)
}

/// `picture` scaled down so its longest side is at most `side` (never up).
fn fit(picture: &DynamicImage, side: u32) -> DynamicImage {
    if picture.width().max(picture.height()) <= side {
        picture.clone()
    } else {
        picture.resize(side, side, image::imageops::FilterType::Triangle)
    }
}

/// `picture` as a JPEG of `quality` (chroma sampled 4:2:0, as phones' cameras write them).
fn jpeg(picture: &image::RgbImage, quality: u8) -> AppResult<Vec<u8>> {
    let failed = |e: anyhow::Error| AppError::Internal(e.context("encoding a photo"));
    // Both sides are at most `MAX_SIDE` here (sent photos are fitted first).
    let side = |n: u32| u16::try_from(n).map_err(|e| failed(e.into()));
    let mut out = Vec::new();
    let mut encoder = jpeg_encoder::Encoder::new(&mut out, quality);
    encoder.set_sampling_factor(jpeg_encoder::SamplingFactor::R_4_2_0);
    encoder
        .encode(picture.as_raw(), side(picture.width())?, side(picture.height())?, jpeg_encoder::ColorType::Rgb)
        .map_err(|e| failed(e.into()))?;
    Ok(out)
}

/// The JPEG of `picture` at the best quality that fits [`MAX_STORED_BYTES`], scaling down further
/// in the (rare) case even a low quality does not fit; with the size it was encoded at.
fn encode_within(mut picture: image::RgbImage) -> AppResult<(Vec<u8>, (u32, u32))> {
    loop {
        for quality in [85, 75, 65, 55, 45] {
            let bytes = jpeg(&picture, quality)?;
            if bytes.len() <= MAX_STORED_BYTES {
                return Ok((bytes, picture.dimensions()));
            }
        }
        let (w, h) = picture.dimensions();
        picture = image::imageops::resize(&picture, (w * 3 / 4).max(1), (h * 3 / 4).max(1), image::imageops::FilterType::Triangle);
    }
}

/// The 64-bit perceptual hash (a gradient hash over 8 x 8) of a picture.
pub fn phash(picture: &DynamicImage) -> i64 {
    let hash = image_hasher::HasherConfig::new().to_hasher().hash_image(picture);
    let mut word = [0u8; 8];
    for (slot, byte) in word.iter_mut().zip(hash.as_bytes()) {
        *slot = *byte;
    }
    i64::from_le_bytes(word)
}

/// How many bits two perceptual hashes differ by.
pub fn distance(a: i64, b: i64) -> u32 {
    (a ^ b).count_ones()
}

/// Whether a JPEG segment holds only what the phone's camera wrote about the picture (EXIF with
/// GPS, XMP, ICC, maker notes, comments): every application segment but JFIF (APP0) and Adobe's
/// (APP14, which says how the colours are coded), and COM.
fn is_metadata(marker: u8) -> bool {
    use img_parts::jpeg::markers::{APP1, APP14, APP15, COM};
    marker == COM || ((APP1..=APP15).contains(&marker) && marker != APP14)
}

/// The sent JPEG less its metadata, where that fits [`MAX_STORED_BYTES`]: the picture's coded data
/// is kept as it came (no second loss of quality, and no encode: re-encoding took most of a
/// photo's CPU).
fn without_metadata(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut jpeg = img_parts::jpeg::Jpeg::from_bytes(axum::body::Bytes::copy_from_slice(bytes)).ok()?;
    jpeg.segments_mut().retain(|segment| !is_metadata(segment.marker()));
    let kept = jpeg.encoder().bytes();
    (kept.len() <= MAX_STORED_BYTES).then(|| kept.to_vec())
}

/// A JPEG decoded small (`decode_small`).
struct Small {
    picture: DynamicImage,
    /// The JPEG's own width and height.
    size: (u32, u32),
    /// Whether its EXIF (if any) says it is upright as coded.
    upright: bool,
}

/// The JPEG decoded at the smallest of the DCT's scales (1/8, 1/4, 1/2, 1) that still covers a
/// thumbnail, with its full size and whether it is upright. A phone's 1280 x 960 photo decodes at
/// 320 x 240: a sixteenth of the pixels, the memory and most of the work of a full decode. `None`
/// where the decoder cannot give a picture the thumbnail can use (CMYK, 16-bit grey): the full
/// decode takes those.
fn decode_small(bytes: &[u8]) -> AppResult<Option<Small>> {
    let refused = |_| AppError::bad_request(PHOTO_UNREADABLE.on("file"));
    let mut decoder = jpeg_decoder::Decoder::new(bytes);
    decoder.read_info().map_err(refused)?;
    let Some(info) = decoder.info() else { return Ok(None) };
    let side = THUMB_SIDE as u16;
    let (width, height) = decoder.scale(side, side).map_err(refused)?;
    let pixels = decoder.decode().map_err(refused)?;
    let (width, height) = (u32::from(width), u32::from(height));
    let picture = match info.pixel_format {
        jpeg_decoder::PixelFormat::RGB24 => image::RgbImage::from_raw(width, height, pixels).map(DynamicImage::ImageRgb8),
        jpeg_decoder::PixelFormat::L8 => image::GrayImage::from_raw(width, height, pixels).map(DynamicImage::ImageLuma8),
        _ => None,
    };
    let upright = decoder
        .exif_data()
        .and_then(image::metadata::Orientation::from_exif_chunk)
        .is_none_or(|o| o == image::metadata::Orientation::NoTransforms);
    Ok(picture.map(|picture| Small { picture, size: (u32::from(info.width), u32::from(info.height)), upright }))
}

/// The thumbnail, hash and sizes that go with the kept `bytes`, from `small` (the kept JPEG
/// decoded small) and the kept picture's full size.
fn prepared(bytes: Vec<u8>, small: &DynamicImage, (width, height): (u32, u32)) -> AppResult<Prepared> {
    // The small decode is most often the thumbnail's size already (the DCT's 1/4 of a phone's
    // 1280 x 960): sampled again at the same size it took a seventh of the photo's CPU.
    // Otherwise `thumbnail` samples down in integers: `resize`'s float buffers were the photo's
    // biggest.
    let thumb = if small.width().max(small.height()) <= THUMB_SIDE {
        match small.as_rgb8() {
            Some(rgb) => jpeg(rgb, 70)?,
            None => jpeg(&small.to_rgb8(), 70)?,
        }
    } else {
        jpeg(&small.thumbnail(THUMB_SIDE, THUMB_SIDE).into_rgb8(), 70)?
    };
    let sha256 = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
    Ok(Prepared { phash: phash(small), width, height, bytes, thumb, sha256 })
}

fn prepare_now(format: ImageFormat, bytes: &[u8]) -> AppResult<Prepared> {
    // A JPEG that is already what would be kept (upright, within the sides and bytes: the phone's
    // own always are, drawn and encoded on the phone) is kept as sent, less its metadata, and only
    // ever decoded small.
    if format == ImageFormat::Jpeg {
        // A JPEG the small decoder cannot read goes on to the full decode, which says why.
        if let Ok(Some(Small { picture, size, upright: true })) = decode_small(bytes) {
            if size.0.max(size.1) <= MAX_SIDE {
                if let Some(kept) = without_metadata(bytes) {
                    return prepared(kept, &picture, size);
                }
            }
        }
    }
    let picture = decode(format, bytes)?;
    let kept = fit(&picture, MAX_SIDE).into_rgb8();
    drop(picture);
    let (bytes, size) = encode_within(kept)?;
    // The hash and the thumbnail come from the stored JPEG itself, as any later reader sees it.
    let small = decode_small(&bytes)?.ok_or_else(|| AppError::Internal(anyhow::anyhow!("an encoded photo is not RGB")))?;
    prepared(bytes, &small.picture, size)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene(seed: u32, w: u32, h: u32) -> DynamicImage {
        let mut state = seed.wrapping_mul(2_654_435_761).max(1);
        let blocks: Vec<u8> = (0..64)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                (state % 256) as u8
            })
            .collect();
        DynamicImage::ImageRgb8(image::RgbImage::from_fn(w, h, |x, y| {
            let v = blocks[((y * 8 / h) * 8 + x * 8 / w) as usize];
            image::Rgb([v, v.wrapping_add((x % 64) as u8), 255 - v])
        }))
    }

    fn encoded(picture: &DynamicImage, quality: u8) -> Vec<u8> {
        jpeg(&picture.to_rgb8(), quality).unwrap()
    }

    #[test]
    fn big_photos_are_scaled_and_reencoded_within_limits() {
        let sent = encoded(&scene(1, 3000, 2000), 95);
        let kept = prepare_now(ImageFormat::Jpeg, &sent).unwrap();
        assert!(kept.bytes.len() <= MAX_STORED_BYTES, "{}", kept.bytes.len());
        assert_eq!((kept.width, kept.height), (1600, 1067));
        assert!(kept.thumb.len() < kept.bytes.len());
        assert_eq!(kept.sha256.len(), 64);
    }

    #[test]
    fn a_reencoded_copy_is_near_and_another_scene_is_far() {
        let a = prepare_now(ImageFormat::Jpeg, &encoded(&scene(1, 1200, 900), 92)).unwrap();
        let again = prepare_now(ImageFormat::Jpeg, &encoded(&scene(1, 1200, 900), 40)).unwrap();
        let other = prepare_now(ImageFormat::Jpeg, &encoded(&scene(2, 1200, 900), 92)).unwrap();
        assert_ne!(a.sha256, again.sha256);
        assert!(distance(a.phash, again.phash) <= super::super::queries::NEAR_BITS, "{}", distance(a.phash, again.phash));
        assert!(distance(a.phash, other.phash) > 3 * super::super::queries::NEAR_BITS, "{}", distance(a.phash, other.phash));
    }

    /// `jpeg` with an EXIF segment and a comment after its start marker, as a camera writes them.
    fn with_metadata(jpeg: &[u8]) -> Vec<u8> {
        let mut out = jpeg[..2].to_vec();
        for (marker, body) in [(0xE1, &b"Exif\0\0II*\0GPS-SECRET"[..]), (0xFE, &b"taken at home"[..])] {
            out.extend([0xFF, marker]);
            out.extend(((body.len() + 2) as u16).to_be_bytes());
            out.extend(body);
        }
        out.extend(&jpeg[2..]);
        out
    }

    #[test]
    fn a_phone_sized_jpeg_is_kept_as_sent_less_its_metadata() {
        let phone = encoded(&scene(4, 1280, 960), 80);
        assert!(phone.len() <= MAX_STORED_BYTES, "{}", phone.len());
        let kept = prepare_now(ImageFormat::Jpeg, &with_metadata(&phone)).unwrap();
        // The coded picture as it came, to the byte; only the metadata left.
        assert_eq!(kept.bytes, phone);
        assert_eq!((kept.width, kept.height), (1280, 960));
        // Its thumbnail is the DCT's 1/4 as decoded, and one as small as its own size is not
        // blown up.
        let thumb = image::load_from_memory(&kept.thumb).unwrap();
        assert_eq!((thumb.width(), thumb.height()), (320, 240));
        let tiny = prepare_now(ImageFormat::Jpeg, &encoded(&scene(4, 200, 150), 80)).unwrap();
        let thumb = image::load_from_memory(&tiny.thumb).unwrap();
        assert_eq!((thumb.width(), thumb.height()), (200, 150));
        // The same hash as a re-encoded copy would be held to.
        let again = prepare_now(ImageFormat::Jpeg, &encoded(&scene(4, 1280, 960), 60)).unwrap();
        assert!(distance(kept.phash, again.phash) <= super::super::queries::NEAR_BITS);
    }

    #[test]
    fn a_turned_or_oversized_jpeg_is_reencoded() {
        let big = encoded(&scene(5, 2000, 1500), 80);
        let kept = prepare_now(ImageFormat::Jpeg, &with_metadata(&big)).unwrap();
        assert_ne!(kept.bytes, big);
        assert_eq!((kept.width, kept.height), (1600, 1200));
        assert!(!kept.bytes.windows(10).any(|w| w == b"GPS-SECRET"));
    }

    #[test]
    fn a_phone_sized_jpeg_its_camera_turned_is_kept_upright() {
        // EXIF (little-endian TIFF) with one entry: Orientation (0x0112) = 6, "turn 90 degrees clockwise".
        let exif: &[u8] = b"Exif\0\0II*\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0\x06\0\0\0\0\0\0\0";
        let phone = encoded(&scene(6, 1280, 960), 80);
        let mut sent = phone[..2].to_vec();
        sent.extend([0xFF, 0xE1]);
        sent.extend(((exif.len() + 2) as u16).to_be_bytes());
        sent.extend(exif);
        sent.extend(&phone[2..]);
        let kept = prepare_now(ImageFormat::Jpeg, &sent).unwrap();
        assert_eq!((kept.width, kept.height), (960, 1280));
        assert_ne!(kept.bytes, phone);
    }

    #[test]
    fn only_whole_jpeg_and_webp_are_taken() {
        let sent = encoded(&scene(3, 100, 80), 80);
        assert!(is_whole(ImageFormat::Jpeg, &sent));
        assert!(!is_whole(ImageFormat::Jpeg, &sent[..sent.len() / 2]));
        assert_eq!(sniff(b"<?php system($_GET['c']); ?>"), None);
        assert_eq!(sniff(b"<svg xmlns='http://www.w3.org/2000/svg'/>"), None);
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n"), None);
    }
}
