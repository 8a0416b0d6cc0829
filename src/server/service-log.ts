/**
 * What a service logs with: the app's logger (pino, as Fastify makes it), narrowed to what work off
 * the request path needs to report a failure it keeps going past, with the ids it concerns.
 */
export type ServiceLog = {
  error(context: Record<string, unknown>, message: string): void;
  warn(context: Record<string, unknown>, message: string): void;
};

/**
 * Services are wired (createContainer) before the Fastify app whose logger writes the lines exists,
 * so they get this stand-in, pointed at the app's logger once the app is built (buildApp). Until
 * then a line goes to standard error, so no failure is lost.
 */
export function createServiceLog(): ServiceLog & { writeTo(target: ServiceLog): void } {
  let target: ServiceLog = {
    error: (context, message) => console.error(message, context),
    warn: (context, message) => console.warn(message, context),
  };
  return {
    error: (context, message) => target.error(context, message),
    warn: (context, message) => target.warn(context, message),
    writeTo: (next) => {
      target = next;
    },
  };
}
