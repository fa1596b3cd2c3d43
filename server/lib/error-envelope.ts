import { type ApiEnvelope, httpStatusName } from '../../src/contract/envelope.ts';

const statusMessages: Record<number, string> = {
  400: 'The request could not be understood.',
  401: 'Please sign in to continue.',
  403: 'You do not have permission to do that.',
  404: 'That was not found.',
  405: 'That method is not allowed here.',
  408: 'The request took too long to arrive. Please try again.',
  413: 'What was sent is too large.',
  414: 'Part of that address is too long.',
  415: 'That content type is not supported.',
  429: 'Too many requests. Please wait a moment and try again.',
  431: 'The request’s address or headers are too long.',
  500: 'Something went wrong on our side. Please try again.',
};

const codeMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its stated length.',
  FST_ERR_BAD_URL: 'That address is not valid.',
};

/** The envelope for an error that Fastify or Node raised, with a sentence rather than their wording. */
export function errorEnvelope(statusCode: number, code?: string): ApiEnvelope {
  const fallback = statusMessages[statusCode >= 500 ? 500 : 400];
  const message = (code ? codeMessages[code] : undefined) ?? statusMessages[statusCode] ?? fallback;
  return { httpStatus: httpStatusName(statusCode), message: message as string };
}
