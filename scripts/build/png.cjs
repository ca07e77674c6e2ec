// A PNG encoder with zlib alone, for the app icons (scripts/build/make-icons.mjs) and the images the
// journeys attach (e2e/support.ts). CommonJS, so the Node script and the Playwright tests load
// the one copy.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS module, see above */
const { crc32, deflateSync } = require('node:zlib');

/** One PNG chunk: length, type, data, CRC of type and data. */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG file (8-bit, no interlace) of raw pixels.
 * @param {number} width in pixels; `height` likewise.
 * @param {number} height
 * @param {Uint8Array} pixels row after row, `channels` bytes a pixel (RGB or RGBA).
 * @param {3 | 4} channels 3 for RGB, 4 for RGBA.
 * @returns {Buffer} the file's bytes. Each row is filtered "Up" (each byte minus the one above
 *   it), so flat areas deflate to almost nothing.
 * @throws {RangeError} when `pixels` is not `width × height × channels` bytes.
 */
function encodePng(width, height, pixels, channels) {
  const stride = width * channels;
  if (pixels.length !== stride * height) {
    throw new RangeError(`encodePng: ${pixels.length} bytes for ${width}×${height}×${channels}`);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // bit depth 8, colour type RGB (2) or RGBA (6), deflate, adaptive filters, no interlace
  header.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + stride));
  for (let y = 0; y < height; y += 1) {
    rows[y * (1 + stride)] = 2; // filter "Up"
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

module.exports = { encodePng };
