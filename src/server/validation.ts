import type { FastifyError } from 'fastify';

/** One failed check as fastify-type-provider-zod reports it: the zod issue code, path and details. */
type ValidationItem = {
  keyword: string;
  instancePath: string;
  message: string;
  params: { maximum?: unknown; minimum?: unknown; origin?: string };
};

type ValidationError = FastifyError & { validation: ValidationItem[]; validationContext?: string };

export function isValidationError(error: unknown): error is ValidationError {
  return typeof error === 'object' && error !== null && Array.isArray((error as ValidationError).validation);
}

/** GitLab words a bad parameter as `title is missing` or `visibility does not have a valid value`. */
function describe(item: ValidationItem): string {
  const field = item.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
  switch (item.keyword) {
    case 'invalid_type':
      return item.message.endsWith('received undefined') ? `${field} is missing` : `${field} is invalid`;
    case 'invalid_value':
    case 'invalid_union':
      return `${field} does not have a valid value`;
    case 'too_big':
      return `${field} is too long (maximum is ${String(item.params.maximum)})`;
    case 'too_small':
      return item.params.minimum === 1 && item.params.origin === 'string'
        ? `${field} is empty`
        : `${field} is too short (minimum is ${String(item.params.minimum)})`;
    case 'custom':
      // A refinement words its own rule, as GitLab's validators do: `path should be a valid file path`.
      return `${field} ${item.message}`;
    default:
      return `${field} is invalid: ${item.message}`;
  }
}

export function validationMessage(error: ValidationError): string {
  return error.validation.map(describe).join(', ');
}
