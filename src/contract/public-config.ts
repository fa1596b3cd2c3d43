import { z } from 'zod';

/** Configuration the server sends to the browser: an explicit allowlist, never secrets. */
export const publicConfigSchema = z.object({
  apiBase: z.string(),
  appUrl: z.string().nullable(),
  awsRegion: z.string().nullable(),
  identityPoolId: z.string().nullable(),
  bucket: z.string().nullable(),
  s3Endpoint: z.string().nullable(),
  cognitoEndpoint: z.string().nullable(),
  storageDriver: z.enum(['local', 'aws']),
  /** Mail is not sent but shown at /dev/mailbox (a local instance without SMTP). */
  devMailbox: z.boolean(),
  mapsApiKey: z.string().nullable(),
  allowedExternalOrigins: z.array(z.string()),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
