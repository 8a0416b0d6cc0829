/**
 * Typed errors, mapped to HTTP once in app.ts. Messages are written for the user.
 * GitLab's shape: `{"message": "..."}`; `403 Forbidden`, `404 Project Not Found` and so on.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /**
     * When set, the body's `message` is this list (or these lists by attribute), as GitLab words
     * some validation errors.
     */
    readonly details?: readonly string[] | Readonly<Record<string, readonly string[]>>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = '401 Unauthorized') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = '403 Forbidden') {
    super(403, message);
  }
}

/** RFC 6750's words for a token whose scopes do not cover the request, as GitLab answers them. */
export const INSUFFICIENT_SCOPE_DESCRIPTION =
  'The request requires higher privileges than provided by the access token.';

/**
 * A token without the scope the request needs. Answered as GitLab's API guard answers it: 403
 * with an OAuth error body and a Bearer challenge, not `{"message": ...}`.
 */
export class InsufficientScopeError extends AppError {
  constructor(
    /** The scopes that would have been enough, space-separated (`api`, `api read_api`). */
    readonly scope: string,
  ) {
    super(403, INSUFFICIENT_SCOPE_DESCRIPTION);
  }
}

/** `what` names the missing thing as GitLab does: `404 Project Not Found`. */
export class NotFoundError extends AppError {
  constructor(what = '') {
    super(404, what ? `404 ${what} Not Found` : '404 Not Found');
  }
}

/** GitLab's answer to an action the resource's state does not allow now (merging a closed merge request). */
export class MethodNotAllowedError extends AppError {
  constructor(message = '405 Method Not Allowed') {
    super(405, message);
  }
}

/** GitLab's `render_validation_error!`: 400 with the errors by attribute, `{"message": {"base": [...]}}`. */
export class ValidationFailedError extends AppError {
  constructor(errors: Readonly<Record<string, readonly string[]>>) {
    super(400, '400 Bad request', errors);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, details?: readonly string[]) {
    super(409, message, details);
  }
}

/** A body in a format the route does not read (git's service requests have their own types). */
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}

export class UnprocessableError extends AppError {
  constructor(message: string, details?: readonly string[]) {
    super(422, message, details);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** GitLab's words when an application rate limit (notes, issues, merge requests ...) refuses a request. */
export const APPLICATION_RATE_LIMIT_MESSAGE =
  'This endpoint has been requested too many times. Try again later.';

/**
 * An application rate limit's refusal. GitLab's REST API words it `{"message": {"error": "..."}}`,
 * its pages and GraphQL with the bare message.
 */
export class ApplicationRateLimitError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super(APPLICATION_RATE_LIMIT_MESSAGE, retryAfterSeconds);
  }
}

export class ReadOnlyError extends AppError {
  constructor(message = 'You cannot perform write operations on a read-only instance') {
    super(405, message);
  }
}
