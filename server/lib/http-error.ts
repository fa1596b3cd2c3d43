import { type FieldError, type HttpStatusName, httpStatusCodes } from '../../src/contract/envelope.ts';

/** An error whose message is safe to show to the person who made the request. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: HttpStatusName;
  readonly errors: FieldError[] | undefined;

  constructor(status: HttpStatusName, message: string, errors?: FieldError[]) {
    super(message);
    this.status = status;
    this.errors = errors;
  }

  get statusCode(): number {
    return httpStatusCodes[this.status];
  }
}

export const notFound = (what: string) => new HttpError('NOT_FOUND', `${what} was not found.`);
export const forbidden = (message = 'You do not have permission to do that.') => new HttpError('FORBIDDEN', message);
