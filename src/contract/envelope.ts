import { z } from 'zod';

/** HTTP statuses the API answers with, by the name that goes into `httpStatus`. */
export const httpStatusCodes = {
  OK: 200,
  CREATED: 201,
  ACCEPTED: 202,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export const httpStatusNameSchema = z.enum(Object.keys(httpStatusCodes) as [HttpStatusName, ...HttpStatusName[]]);
export type HttpStatusName = keyof typeof httpStatusCodes;

export function httpStatusName(code: number): HttpStatusName {
  const entry = Object.entries(httpStatusCodes).find(([, value]) => value === code);
  if (entry) return entry[0] as HttpStatusName;
  return code >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST';
}

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every API response body: `{ httpStatus, message, data?, errors? }`. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    httpStatus: httpStatusNameSchema,
    message: z.string(),
    data: data.optional(),
    errors: z.array(fieldErrorSchema).optional(),
  });
}

export interface ApiEnvelope<T = unknown> {
  httpStatus: HttpStatusName;
  message: string;
  data?: T;
  errors?: FieldError[];
}
