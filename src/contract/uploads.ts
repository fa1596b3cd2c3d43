import { z } from 'zod';

/** Spec §9: the largest processed image the product accepts. */
export const maxImageBytes = 5_120_000;
/** Spec §9: how long a temporary image link stays valid. */
export const imageLinkTtlSeconds = 3600;
/** Spec §5: the exact message for an image over the limit. */
export const imageTooLargeMessage = 'Your image cannot be larger than 5MB. Please try again later.';

export const imageContentTypeSchema = z.enum(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
export type ImageContentType = z.infer<typeof imageContentTypeSchema>;

/** The file extension each accepted image type is stored under. */
export const imageExtensions: Record<ImageContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/** The longest stem a caller's name keeps, so stem, suffix and extension stay within 80 characters. */
export const maxNameStemLength = 64;

/**
 * The caller-supplied name as a safe key segment: lowercase ASCII letters, digits, `-`, `_` and
 * single dots; no slashes or `..`; the caller's own extension dropped (the stored type decides
 * it). Null when nothing usable is left.
 */
export function uploadNameStem(name: string | null | undefined): string | null {
  if (!name) return null;
  const stem = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\.[a-z0-9]{1,5}$/, '')
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    .replace(/^[._-]+/, '')
    .slice(0, maxNameStemLength)
    .replace(/[._-]+$/, '');
  return stem || null;
}

const organizationIdSchema = z.uuid('Not a valid organisation id.');

export const uploadQuerySchema = z.object({
  /** The organisation the image is for: only its events and its profile can show it. */
  organizationId: organizationIdSchema,
  /** The caller-supplied name; sanitised into the key. */
  name: z.string().max(255).optional(),
});

/**
 * `aws` driver, step 1 of 3: ask the API for a key (under a prefix it assigns to the organisation);
 * step 2: put the object into the bucket under that key; step 3: `POST /uploads/stored` with it.
 */
export const uploadKeyRequestSchema = uploadQuerySchema.extend({
  contentType: imageContentTypeSchema,
  /** The processed image's size, held against the organisation's storage until the upload is recorded. */
  sizeBytes: z.number().int().min(1).max(maxImageBytes, imageTooLargeMessage),
});
export type UploadKeyRequest = z.infer<typeof uploadKeyRequestSchema>;

export const uploadKeySchema = z.object({
  /** Put the object under exactly this key, then report it stored within an hour. */
  key: z.string(),
});
export type UploadKey = z.infer<typeof uploadKeySchema>;

export const uploadedImageSchema = z.object({
  key: z.string(),
  /** A temporary link to the image, valid for `imageLinkTtlSeconds`. */
  url: z.string(),
  contentType: imageContentTypeSchema,
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  sizeBytes: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const imageLinkRequestSchema = z.object({ key: z.string().min(1).max(300) });
/** `aws` driver, step 3: the object is in the bucket under the key the API gave. */
export const storedUploadRequestSchema = imageLinkRequestSchema;

export const imageLinkSchema = z.object({
  key: z.string(),
  url: z.string(),
  expiresAt: z.iso.datetime(),
});
export type ImageLink = z.infer<typeof imageLinkSchema>;
