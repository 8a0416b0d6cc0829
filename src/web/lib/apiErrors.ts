import { ApiError } from '../api/client';

/** Whether a request failed with 404: the page shows "not found" rather than the error. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
