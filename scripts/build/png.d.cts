/**
 * A PNG file (8-bit, no interlace) of raw pixels, rows filtered "Up".
 * @param width in pixels; `height` likewise.
 * @param pixels row after row, `channels` bytes a pixel (RGB or RGBA).
 * @param channels 3 for RGB, 4 for RGBA.
 * @returns the file's bytes.
 * @throws RangeError when `pixels` is not `width × height × channels` bytes.
 */
export function encodePng(width: number, height: number, pixels: Uint8Array, channels: 3 | 4): Buffer;
