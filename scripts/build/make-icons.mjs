#!/usr/bin/env node
// Draws Triage's app icons (public/icons/, listed in public/manifest.webmanifest): a white "T" on
// the brand blue of the light theme (#2f54eb), as PNG files (scripts/build/png.cjs).
// - icon-192.png, icon-512.png: a rounded square, transparent around it ("any" purpose);
// - maskable-512.png: the blue to every edge, the letter inside the safe zone (the centre circle
//   of 80 % of the size), for launchers that cut their own shape out of it.
// Edges are smoothed by sampling each pixel 4 × 4 times. The files are committed; run this again
// (node scripts/build/make-icons.mjs) only to change the drawing.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import png from './png.cjs';

const { encodePng } = png;
const OUT = path.resolve(import.meta.dirname, '../../public/icons');
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

mkdirSync(OUT, { recursive: true });
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
]) {
  const file = encodePng(size, size, draw(size, maskable), 4);
  writeFileSync(path.join(OUT, name), file);
  console.log(`public/icons/${name}: ${size} × ${size}, ${(file.length / 1024).toFixed(1)} KiB`);
}
