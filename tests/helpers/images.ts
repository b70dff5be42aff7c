import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";

/** Test pictures made on the spot (no fixture files): real encoders, or hand-built PNG chunks. */

/** Random pixels, so the encoders cannot shrink the picture to nothing. */
function noise(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}

/** A PNG of coloured 8-pixel blocks: detail everywhere, yet small (2000×1500 takes under half a megabyte). */
export async function pngPicture(width: number, height: number): Promise<Buffer> {
  const coarse = await noise(Math.ceil(width / 8), Math.ceil(height / 8))
    .png()
    .toBuffer();
  return sharp(coarse).resize(width, height, { kernel: "nearest" }).png().toBuffer();
}

/**
 * A JPEG stored sideways as a phone camera does: pixels `width`×`height`, EXIF orientation 6
 * (show rotated 90°), with a camera model and GPS position that must not survive the upload.
 */
export function sidewaysCameraJpeg(width: number, height: number): Promise<Buffer> {
  return noise(width, height)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "TestCam", Model: "Phone 99" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "22/1 16/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function encoded(format: "webp" | "gif" | "avif", width: number, height: number): Promise<Buffer> {
  return noise(width, height).toFormat(format).toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A decompression bomb: a valid 1-bit greyscale PNG of `side`×`side` pixels, all black, whose
 * pixel data deflates to a few tens of kilobytes (20,000² = 400 megapixels in about 50 kB).
 */
export function pixelBombPng(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = 1 + Math.ceil(side / 8); // filter byte + packed pixels
  const pixels = zlib.deflateSync(Buffer.alloc(row * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", pixels),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Every file under `dir` (relative paths), or none when it does not exist. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
