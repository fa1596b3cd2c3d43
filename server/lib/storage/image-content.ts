import type { ImageContentType } from '../../../src/contract/uploads.ts';

export interface ImageContent {
  contentType: ImageContentType;
  width: number | null;
  height: number | null;
}

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * What image the bytes are, from their magic bytes only (never a file name), with the pixel size
 * read from the headers. Null for anything that is not a well-formed JPEG, PNG, WebP or AVIF
 * header: text, SVG, PDF, HEIC, a truncated file.
 */
export function detectImage(bytes: Uint8Array): ImageContent | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (startsWith(bytes, pngSignature)) return png(bytes, view);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpeg(bytes, view);
  if (bytes.length >= 16 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webp(bytes, view);
  if (isAvif(bytes, view)) return { contentType: 'image/avif', width: null, height: null };
  return null;
}

function sized(contentType: ImageContentType, width: number, height: number): ImageContent | null {
  return width > 0 && height > 0 ? { contentType, width, height } : null;
}

function png(bytes: Uint8Array, view: DataView): ImageContent | null {
  // The first chunk is always IHDR: length, type, then width and height as big-endian 32-bit.
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  return sized('image/png', view.getUint32(16), view.getUint32(20));
}

// Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not frames.
const startOfFrame = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(bytes: Uint8Array, view: DataView): ImageContent | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    const length = view.getUint16(offset + 2);
    if (length < 2) return null;
    if (startOfFrame.has(marker)) {
      if (offset + 9 > bytes.length) return null;
      return sized('image/jpeg', view.getUint16(offset + 7), view.getUint16(offset + 5));
    }
    offset += 2 + length;
  }
  return null;
}

function webp(bytes: Uint8Array, view: DataView): ImageContent | null {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ' && bytes.length >= 30 && startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) {
    return sized('image/webp', view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  }
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = view.getUint32(21, true);
    return sized('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    const width = 1 + ((bytes[24] ?? 0) | ((bytes[25] ?? 0) << 8) | ((bytes[26] ?? 0) << 16));
    const height = 1 + ((bytes[27] ?? 0) | ((bytes[28] ?? 0) << 8) | ((bytes[29] ?? 0) << 16));
    return sized('image/webp', width, height);
  }
  return null;
}

function isAvif(bytes: Uint8Array, view: DataView): boolean {
  // An ISO-BMFF file whose leading `ftyp` box names the AVIF brand, as major or compatible brand.
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return false;
  const boxSize = Math.min(view.getUint32(0), bytes.length);
  if (boxSize < 16) return false;
  const brands = [ascii(bytes, 8, 4)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, 4));
  return brands.includes('avif') || brands.includes('avis');
}
