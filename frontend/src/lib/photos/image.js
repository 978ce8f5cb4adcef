// A photo made ready on the phone before it is queued (issue #37): decoded as the camera meant it
// (EXIF orientation applied), drawn at a longest side of at most 1600 px, and encoded as JPEG with
// the quality (then the size) lowered until it weighs at most 200 KB. A canvas encodes only the
// pixels, so the camera's metadata (EXIF, its GPS position among it) is gone; `stripExif` removes
// any APP1 segment that a browser might still write, so what leaves the phone never has one. The
// app sends the visit's own time and clientId with the photo instead. The byte and size helpers
// are pure (unit-tested in node); `preparePhoto` needs a browser's createImageBitmap and canvas.
import { number } from "../format";
import { t } from "./text";

/** The longest side of a stored photo, in pixels. */
export const MAX_SIDE = 1600;
/** The most a stored photo may weigh, in bytes. */
export const MAX_BYTES = 200 * 1024;
/** The most photos one visit takes. */
export const MAX_PHOTOS = 8;
/** The labels a photo may carry (the server's names). */
export const LABELS = /** @type {const} */ (["shelf", "display", "competitor", "other"]);
/**
 * The words of a label in the user's language ("" when none).
 * @param {string | null | undefined} label
 */
export const labelText = (label) => (LABELS.some((v) => v === label) ? t(/** @type {typeof LABELS[number]} */ (label)) : "");
/**
 * The labels with their words: [value, words] pairs whose words are read when used, so in the
 * language in force then (a list made once would keep the language of the first load).
 * @type {ReadonlyArray<readonly [typeof LABELS[number], string]>}
 */
export const PHOTO_LABELS = LABELS.map((value) => {
  const pair = /** @type {[typeof LABELS[number], string]} */ (/** @type {unknown} */ ([value]));
  Object.defineProperty(pair, 1, { get: () => labelText(value), enumerable: true });
  return pair;
});
/** JPEG qualities tried in turn at one size, best first. */
export const QUALITIES = [0.82, 0.72, 0.62, 0.52, 0.42];
/** Each further try after the qualities ran out draws the picture this much smaller. */
export const SHRINK = 0.8;

/**
 * The drawn size of a `width` x `height` picture: its longest side at most `max`, never enlarged.
 * @param {number} width
 * @param {number} height
 * @param {number} [max]
 * @returns {{ width: number, height: number }}
 */
export function fitSize(width, height, max = MAX_SIDE) {
  const longest = Math.max(width, height);
  if (longest <= max) return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
  const k = max / longest;
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

/**
 * The marker segments of a JPEG before its image data: [{ marker, start, end }] where `start` is
 * the 0xFF of the marker and `end` the byte after the segment; stops at SOS (0xDA). Empty when
 * `bytes` is not a JPEG.
 * @param {Uint8Array} bytes
 * @returns {{ marker: number, start: number, end: number }[]}
 */
export function jpegSegments(bytes) {
  /** @type {{ marker: number, start: number, end: number }[]} */
  const out = [];
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return out;
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) break;
    const marker = bytes[i + 1];
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = (bytes[i + 2] << 8) | bytes[i + 3];
    const end = i + 2 + length;
    out.push({ marker, start: i, end: Math.min(end, bytes.length) });
    if (marker === 0xda || length < 2) break;
    i = end;
  }
  return out;
}

/** @param {Uint8Array} bytes @param {{ start: number }} s */
const isExif = (bytes, s) =>
  bytes[s.start + 4] === 0x45 && // E
  bytes[s.start + 5] === 0x78 && // x
  bytes[s.start + 6] === 0x69 && // i
  bytes[s.start + 7] === 0x66 && // f
  bytes[s.start + 8] === 0 &&
  bytes[s.start + 9] === 0;

/**
 * True when the JPEG carries an APP1 "Exif" segment (the camera's metadata, GPS included).
 * @param {Uint8Array} bytes
 */
export const hasExif = (bytes) => jpegSegments(bytes).some((s) => s.marker === 0xe1 && isExif(bytes, s));

/**
 * The JPEG without its APP1 segments (EXIF, XMP): the same bytes when it has none.
 * @param {Uint8Array} bytes
 * @returns {Uint8Array}
 */
export function stripExif(bytes) {
  const drop = jpegSegments(bytes).filter((s) => s.marker === 0xe1);
  if (!drop.length) return bytes;
  const parts = [];
  let at = 0;
  for (const s of drop) {
    parts.push(bytes.subarray(at, s.start));
    at = s.end;
  }
  parts.push(bytes.subarray(at));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/**
 * The pixel size a JPEG declares in its frame header (SOF0-SOF15 but DHT, JPG, DAC), or null.
 * @param {Uint8Array} bytes
 * @returns {{ width: number, height: number } | null}
 */
export function jpegSize(bytes) {
  const sof = jpegSegments(bytes).find(
    (s) => s.marker >= 0xc0 && s.marker <= 0xcf && s.marker !== 0xc4 && s.marker !== 0xc8 && s.marker !== 0xcc,
  );
  if (!sof || sof.end - sof.start < 9) return null;
  const b = sof.start;
  return { height: (bytes[b + 5] << 8) | bytes[b + 6], width: (bytes[b + 7] << 8) | bytes[b + 8] };
}

/**
 * Finds the first encoding that fits: each quality of QUALITIES at the fitted size, then the same
 * at SHRINK times the size, and so on (at most `tries` sizes); the last one tried when none fits.
 * `encode(width, height, quality)` gives the bytes of one try.
 * @param {{ width: number, height: number }} source
 * @param {(width: number, height: number, quality: number) => Promise<Uint8Array>} encode
 * @param {{ maxSide?: number, maxBytes?: number, tries?: number }} [limits]
 * @returns {Promise<{ bytes: Uint8Array, width: number, height: number, quality: number }>}
 */
export async function smallEnough(source, encode, { maxSide = MAX_SIDE, maxBytes = MAX_BYTES, tries = 6 } = {}) {
  let size = fitSize(source.width, source.height, maxSide);
  /** @type {{ bytes: Uint8Array, width: number, height: number, quality: number } | null} */
  let last = null;
  for (let n = 0; n < tries; n++) {
    for (const quality of QUALITIES) {
      const bytes = await encode(size.width, size.height, quality);
      last = { bytes, ...size, quality };
      if (bytes.length <= maxBytes) return last;
    }
    size = fitSize(size.width * SHRINK, size.height * SHRINK, Number.MAX_SAFE_INTEGER);
  }
  return /** @type {NonNullable<typeof last>} */ (last);
}

/**
 * "310 KB", "1.2 MB": a photo's weight as the waiting list shows it.
 * @param {number} bytes
 */
export function fileSize(bytes) {
  if (bytes < 1024 * 1024) return t("kb", { size: number(Math.max(1, Math.round(bytes / 1024))) });
  return t("mb", { size: number(Math.round((bytes / (1024 * 1024)) * 10) / 10) });
}

/**
 * A prepared photo: the JPEG to send and what to show of it.
 * @typedef {{ blob: Blob, size: number, width: number, height: number }} PreparedPhoto
 */

/**
 * The camera's file made ready to send: oriented, at most MAX_SIDE px, at most MAX_BYTES, as JPEG
 * without metadata. Throws when the browser cannot decode the file (not a picture).
 * @param {Blob} file
 * @returns {Promise<PreparedPhoto>}
 */
export async function preparePhoto(file) {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const found = await smallEnough({ width: bitmap.width, height: bitmap.height }, async (width, height, quality) => {
      const blob = await drawJpeg(bitmap, width, height, quality);
      return new Uint8Array(await blob.arrayBuffer());
    });
    const bytes = stripExif(found.bytes);
    const blob = new Blob([/** @type {BlobPart} */ (bytes)], { type: "image/jpeg" });
    return { blob, size: blob.size, width: found.width, height: found.height };
  } finally {
    bitmap.close();
  }
}

/**
 * The bitmap drawn at width x height and encoded as JPEG (OffscreenCanvas where there is one).
 * @param {ImageBitmap} bitmap
 * @param {number} width
 * @param {number} height
 * @param {number} quality
 * @returns {Promise<Blob>}
 */
async function drawJpeg(bitmap, width, height, quality) {
  if (typeof OffscreenCanvas === "function") {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = /** @type {OffscreenCanvasRenderingContext2D} */ (canvas.getContext("2d"));
    paint(ctx, bitmap, width, height);
    return canvas.convertToBlob({ type: "image/jpeg", quality });
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  paint(/** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d")), bitmap, width, height);
  return new Promise((done, fail) =>
    canvas.toBlob((b) => (b ? done(b) : fail(new Error("The photo could not be encoded."))), "image/jpeg", quality),
  );
}

/**
 * White under the picture (a transparent PNG would turn black in a JPEG), then the picture.
 * @param {CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D} ctx
 * @param {ImageBitmap} bitmap
 * @param {number} width
 * @param {number} height
 */
function paint(ctx, bitmap, width, height) {
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(bitmap, 0, 0, width, height);
}
