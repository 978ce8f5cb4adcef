//! The photo the benchmark uploads (issue #56): a 1280 x 960 JPEG of about 200 KB, like a phone's
//! (the phone sends at most 200 KB), with gradients and grain so it neither compresses to nothing
//! nor decodes faster than a real one. Written once by bench/run.sh (and bench/memory_return.sh).
//!
//! `cargo run --release --example photo_file -- OUT.jpg [TARGET_BYTES]` prints `photo_bytes=`.

use image::{codecs::jpeg::JpegEncoder, RgbImage};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or_else(|| anyhow::anyhow!("usage: photo_file OUT.jpg [TARGET_BYTES]"))?;
    let target: usize = args.next().map(|t| t.parse()).transpose()?.unwrap_or(200 * 1024);
    // A fixed pseudo-random grain (xorshift), so every run uploads the same picture.
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut grain = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % 24) as i32 - 12
    };
    let (w, h) = (1280u32, 960u32);
    let picture = RgbImage::from_fn(w, h, |x, y| {
        let shelf = ((y / 120) % 2) as i32 * 40;
        let r = (x * 255 / w) as i32 + grain() - shelf;
        let g = (y * 255 / h) as i32 + grain();
        let b = (((x / 40 + y / 40) % 7) * 30) as i32 + grain() + shelf;
        image::Rgb([r.clamp(0, 255) as u8, g.clamp(0, 255) as u8, b.clamp(0, 255) as u8])
    });
    // The highest quality that stays within the target.
    let mut best = Vec::new();
    for quality in (30..=95).rev() {
        let mut out = Vec::new();
        JpegEncoder::new_with_quality(&mut out, quality).encode_image(&picture)?;
        if out.len() <= target {
            best = out;
            break;
        }
    }
    anyhow::ensure!(!best.is_empty(), "no quality gives at most {target} bytes");
    std::fs::write(&path, &best)?;
    println!("photo_bytes={}", best.len());
    Ok(())
}
