import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Query parameters whose values are credentials (`?private_token=`, OAuth's `access_token`, ...). */
const SECRET_PARAMETER = /token|password|secret/i;

/** A request's path and query with every credential's value replaced, fit for a log line. */
export function filteredUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const parameters = url
    .slice(queryStart + 1)
    .split('&')
    .map((parameter) => {
      const equals = parameter.indexOf('=');
      const name = equals === -1 ? parameter : parameter.slice(0, equals);
      return SECRET_PARAMETER.test(safelyDecoded(name)) ? `${name}=[FILTERED]` : parameter;
    });
  return `${url.slice(0, queryStart)}?${parameters.join('&')}`;
}

function safelyDecoded(component: string): string {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return component;
  }
}

/**
 * One line per answered request, as GitLab's production log has, where Fastify writes two
 * ("incoming request", "request completed", doubling the volume) with the query string as sent,
 * tokens included.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: filteredUrl(request.url),
      statusCode: reply.statusCode,
      remoteAddress: request.ip,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
