/** An error whose status and message are meant for the caller. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError(400, 'BAD_REQUEST', message, details);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (what = 'The item') => new AppError(404, 'NOT_FOUND', `${what} was not found.`);
export const conflict = (message: string, details?: Record<string, unknown>) => new AppError(409, 'CONFLICT', message, details);
export const unavailable = (message: string) => new AppError(503, 'UNAVAILABLE', message);
