/**
 * The Apple Wallet pass's pictures, drawn here as PNGs (no image library: a few filled circles and
 * rings, anti-aliased, and a small PNG encoder over node:zlib): the strip with the card's stamps
 * as circles (filled: given; a ring: still to get), the icon, and a logo for a company without a
 * PNG logo of its own. Apple's sizes, in points (the @2x files twice as many pixels): the store
 * card's strip 375×123, the icon 29×29, the logo at most 160×50.
 */
import { deflateSync } from "node:zlib";

type Rgb = [number, number, number];

export const rgbOf = (hex: string): Rgb => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** An RGBA canvas, transparent to start with. */
class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 4);
  }

  fill([r, g, b]: Rgb) {
    for (let i = 0; i < this.pixels.length; i += 4) this.pixels.set([r, g, b, 255], i);
  }

  /** Paints `color` over a pixel with `alpha` (0 to 1), over whatever is there. */
  private blend(x: number, y: number, [r, g, b]: Rgb, alpha: number) {
    const i = (y * this.width + x) * 4;
    const p = this.pixels;
    const below = (p[i + 3] as number) / 255;
    const out = alpha + below * (1 - alpha);
    if (out === 0) return;
    const mix = (c: number, under: number) =>
      Math.round((c * alpha + under * below * (1 - alpha)) / out);
    p[i] = mix(r, p[i] as number);
    p[i + 1] = mix(g, p[i + 1] as number);
    p[i + 2] = mix(b, p[i + 2] as number);
    p[i + 3] = Math.round(out * 255);
  }

  /** A disc (ring: 0) or a ring `ring` pixels wide, its edge anti-aliased. */
  circle(cx: number, cy: number, radius: number, color: Rgb, opacity = 1, ring = 0) {
    const x0 = Math.max(0, Math.floor(cx - radius - 1));
    const x1 = Math.min(this.width - 1, Math.ceil(cx + radius + 1));
    const y0 = Math.max(0, Math.floor(cy - radius - 1));
    const y1 = Math.min(this.height - 1, Math.ceil(cy + radius + 1));
    const clamp = (v: number) => Math.min(1, Math.max(0, v));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        let cover = clamp(radius - d + 0.5);
        if (ring > 0) cover -= clamp(radius - ring - d + 0.5);
        if (cover > 0) this.blend(x, y, color, cover * opacity);
      }
    }
  }

  png(): Buffer {
    const stride = this.width * 4;
    const raw = Buffer.alloc((stride + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      // Filter type 0 (none) before each row.
      raw.set(this.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(raw)),
      chunk("IEND", new Uint8Array()),
    ]);
  }
}

/** The pass's colours: the card's background and the text on it (brandPalette). */
export type PassColors = { background: string; foreground: string };

/**
 * The strip: `stamps` of `maxStamps` circles, up to 10 a row (rows as even as they come), filled
 * in the text colour for the stamps given, rings for the rest, on the card's background.
 */
export function stripPng(colors: PassColors, stamps: number, maxStamps: number, scale: 1 | 2) {
  const canvas = new Canvas(375 * scale, 123 * scale);
  canvas.fill(rgbOf(colors.background));
  const fg = rgbOf(colors.foreground);
  const total = Math.max(1, maxStamps);
  const rows = Math.ceil(total / 10);
  const perRow = Math.ceil(total / rows);
  const pad = 8 * scale;
  const pitch = Math.min((canvas.width - 2 * pad) / perRow, (canvas.height - 2 * pad) / rows);
  const radius = pitch * 0.4;
  const top = (canvas.height - pitch * rows) / 2;
  for (let i = 0; i < total; i++) {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, total - row * perRow);
    const left = (canvas.width - pitch * inRow) / 2;
    const cx = left + pitch * ((i % perRow) + 0.5);
    const cy = top + pitch * (row + 0.5);
    if (i < stamps) canvas.circle(cx, cy, radius, fg);
    else canvas.circle(cx, cy, radius, fg, 0.6, Math.max(2, radius * 0.14));
  }
  return canvas.png();
}

/** A stamp: a disc in the text colour inside a ring, on a square of the card's colour (the icon). */
export function iconPng(colors: PassColors, size: number) {
  const canvas = new Canvas(size, size);
  canvas.fill(rgbOf(colors.background));
  const fg = rgbOf(colors.foreground);
  canvas.circle(size / 2, size / 2, size * 0.38, fg, 1, size * 0.07);
  canvas.circle(size / 2, size / 2, size * 0.22, fg);
  return canvas.png();
}

/** The same stamp on a transparent square, the logo of a company without a PNG one. */
export function logoPng(colors: PassColors, size: number) {
  const canvas = new Canvas(size, size);
  const fg = rgbOf(colors.foreground);
  canvas.circle(size / 2, size / 2, size * 0.46, fg, 1, size * 0.09);
  canvas.circle(size / 2, size / 2, size * 0.26, fg);
  return canvas.png();
}
