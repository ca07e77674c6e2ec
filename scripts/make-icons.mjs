#!/usr/bin/env node
// Draws Triage's app icons (public/icons/, listed in public/manifest.webmanifest): a white "T" on
// the brand blue of the light theme (#2f54eb), as PNG files written with zlib alone.
// - icon-192.png, icon-512.png: a rounded square, transparent around it ("any" purpose);
// - maskable-512.png: the blue to every edge, the letter inside the safe zone (the centre circle
//   of 80 % of the size), for launchers that cut their own shape out of it.
// Edges are smoothed by sampling each pixel 4 × 4 times. The files are committed; run this again
// (node scripts/make-icons.mjs) only to change the drawing.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const OUT = path.resolve(import.meta.dirname, '../public/icons');
const BLUE = [0x2f, 0x54, 0xeb];
const WHITE = [0xff, 0xff, 0xff];
const SAMPLES = 4;

/** The letter, in units of the icon's side (0…1): its bar and its stem, as rectangles. */
const LETTER = [
  { x0: 0.26, y0: 0.26, x1: 0.74, y1: 0.385 },
  { x0: 0.4375, y0: 0.26, x1: 0.5625, y1: 0.76 },
];

const inRect = (x, y, { x0, y0, x1, y1 }) => x >= x0 && x < x1 && y >= y0 && y < y1;

/** Whether (x, y) lies in a square of side 1 with corners rounded to `radius`. */
function inRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/**
 * The RGBA pixels of one icon.
 * @param size side in pixels.
 * @param maskable full-bleed background and the letter scaled into the safe zone.
 */
function draw(size, maskable) {
  const scale = maskable ? 0.8 : 1;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let background = 0;
      let letter = 0;
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const x = (px + (sx + 0.5) / SAMPLES) / size;
          const y = (py + (sy + 0.5) / SAMPLES) / size;
          if (!maskable && !inRoundedSquare(x, y, 0.22)) continue;
          background += 1;
          // The letter's coordinates, shrunk towards the centre for the maskable icon.
          const lx = (x - 0.5) / scale + 0.5;
          const ly = (y - 0.5) / scale + 0.5;
          if (LETTER.some((rect) => inRect(lx, ly, rect))) letter += 1;
        }
      }
      const total = SAMPLES * SAMPLES;
      const share = background === 0 ? 0 : letter / background;
      const at = (py * size + px) * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        pixels[at + channel] = Math.round(BLUE[channel] * (1 - share) + WHITE[channel] * share);
      }
      pixels[at + 3] = Math.round((255 * background) / total);
    }
  }
  return pixels;
}

/** A PNG file (8-bit RGBA, no interlace) of `size` × `size` pixels. */
function png(size, pixels) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type RGBA, deflate, adaptive filters, no interlace
  const stride = size * 4;
  const rows = Buffer.alloc(size * (1 + stride));
  for (let y = 0; y < size; y += 1) {
    // Filter "Up" (2): each byte minus the one above it, so the flat areas deflate to almost nothing.
    rows[y * (1 + stride)] = 2;
    for (let i = 0; i < stride; i += 1) {
      const above = y === 0 ? 0 : pixels[(y - 1) * stride + i];
      rows[y * (1 + stride) + 1 + i] = (pixels[y * stride + i] - above + 256) % 256;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(OUT, { recursive: true });
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
]) {
  const file = png(size, draw(size, maskable));
  writeFileSync(path.join(OUT, name), file);
  console.log(`public/icons/${name}: ${size} × ${size}, ${(file.length / 1024).toFixed(1)} KiB`);
}
