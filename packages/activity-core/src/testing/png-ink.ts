import { inflateSync } from 'node:zlib';

/** Size of a PNG and how many of its pixels are not (near) white. */
export interface PngInk {
  width: number;
  height: number;
  ink: number;
}

const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function unfilter(data: Uint8Array, width: number, height: number, bpp: number): Uint8Array {
  const stride = width * bpp;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)] ?? 0;
    for (let x = 0; x < stride; x++) {
      const raw = data[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= bpp ? (out[y * stride + x - bpp] ?? 0) : 0;
      const up = y > 0 ? (out[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= bpp ? (out[(y - 1) * stride + x - bpp] ?? 0) : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter] ?? 0;
      out[y * stride + x] = (raw + predictor) & 0xff;
    }
  }
  return out;
}

/**
 * Decodes an 8-bit, non-interlaced PNG (what Chromium and pdftoppm write) and counts the pixels
 * darker than near-white in any channel. Test support: no dependency beyond node:zlib.
 *
 * @example
 * countInk(await page.screenshot()).ink > 1000;
 */
export function countInk(png: Uint8Array): PngInk {
  const view = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  let offset = 8;
  let width = 0;
  let height = 0;
  let bpp = 0;
  const parts: Buffer[] = [];
  while (offset < view.length) {
    const length = view.readUInt32BE(offset);
    const type = view.toString('latin1', offset + 4, offset + 8);
    const body = view.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[12] !== 0) throw new Error('only 8-bit non-interlaced PNGs are supported');
      bpp = CHANNELS[body[9] ?? -1] ?? 0;
      if (bpp === 0) throw new Error(`unsupported PNG colour type ${body[9]}`);
    } else if (type === 'IDAT') {
      parts.push(body);
    }
    offset += 12 + length;
  }
  const pixels = unfilter(inflateSync(Buffer.concat(parts)), width, height, bpp);
  const colour = bpp >= 3 ? 3 : 1;
  let ink = 0;
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < colour; c++) {
      if ((pixels[i * bpp + c] ?? 255) < 235) {
        ink++;
        break;
      }
    }
  }
  return { width, height, ink };
}
