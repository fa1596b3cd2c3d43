import { z } from 'zod';

/** Where uploaded images are stored: on the server's disk, or in an S3 bucket. */
export const storageDriverSchema = z.enum(['local', 'aws']);

/** Configuration the server sends to the browser: an explicit allowlist, never secrets. */
export const publicConfigSchema = z.object({
  apiBase: z.string(),
  appUrl: z.string().nullable(),
  awsRegion: z.string().nullable(),
  identityPoolId: z.string().nullable(),
  bucket: z.string().nullable(),
  s3Endpoint: z.string().nullable(),
  cognitoEndpoint: z.string().nullable(),
  storageDriver: storageDriverSchema,
  /** Mail is not sent but shown at /dev/mailbox (a local instance without SMTP). */
  devMailbox: z.boolean(),
  mapsApiKey: z.string().nullable(),
  /** Tickets can be added to Google Wallet (the operator configured an issuer). */
  googleWallet: z.boolean().optional(),
  /** Tickets can be added to Apple Wallet (the operator configured a Pass Type ID certificate). */
  appleWallet: z.boolean().optional(),
  allowedExternalOrigins: z.array(z.string()),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
