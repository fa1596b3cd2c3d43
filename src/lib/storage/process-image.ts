import type { Options } from 'browser-image-compression';
import compressionWorkerScript from 'browser-image-compression/dist/browser-image-compression.js?url';
import { imageTooLargeMessage, maxImageBytes } from '../../contract/uploads.ts';
import { toast } from '../toasts.tsx';

export type ImageCompressor = (file: File, options: Options) => Promise<Blob>;

/** browser-image-compression, fetched when the first image is processed. */
const compressInBrowser: ImageCompressor = async (file, options) => {
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, options);
};

export class ImageTooLargeError extends Error {
  override name = 'ImageTooLargeError';
  constructor() {
    super(imageTooLargeMessage);
  }
}

/** WebP and JPEG keep their type, PNG keeps its transparency; anything else the canvas reads becomes JPEG. */
function outputType(type: string): string {
  return ['image/webp', 'image/jpeg', 'image/png'].includes(type) ? type : 'image/jpeg';
}

/**
 * Spec §5: resize and compress before upload, then refuse a result over 5,120,000 bytes with the
 * spec's toast; nothing is sent then. A processing failure rejects with its own error.
 */
export async function processImage(file: File, compress: ImageCompressor = compressInBrowser): Promise<Blob> {
  const processed = await compress(file, {
    maxWidthOrHeight: 2048,
    maxSizeMB: 1,
    useWebWorker: true,
    // The worker loads the library from this origin, not from the library's default CDN.
    libURL: new URL(compressionWorkerScript, globalThis.location?.href ?? 'http://localhost/').href,
    fileType: outputType(file.type),
  });
  if (processed.size > maxImageBytes) {
    toast.error(imageTooLargeMessage, { toastId: imageTooLargeMessage });
    throw new ImageTooLargeError();
  }
  return processed;
}
