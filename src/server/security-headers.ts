import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * What the web app loads, and nothing more: its own scripts (Vite's module chunks, no inline
 * script and no eval), its stylesheets and the inline styles React and Primer set, images from its
 * uploads and, as in GitLab's policy, from anywhere a comment links one (`http:`, `https:`), its
 * own API and the GraphQL WebSocket (`'self'` covers `ws:`/`wss:` on the same host). No page may
 * frame it but its own.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
  mediaSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  workerSrc: ["'self'"],
};

/**
 * Security headers on every answer (pages, API, assets, errors) through @fastify/helmet: the
 * policy above, `X-Frame-Options: SAMEORIGIN` for browsers without `frame-ancestors`, `nosniff`,
 * GitLab's referrer policy. Register before any route.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    // Helmet's defaults would add `upgrade-insecure-requests`, which breaks an instance served
    // over plain HTTP on another host than localhost: every asset would be asked for over HTTPS.
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    xFrameOptions: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // GitLab's (Omnibus) HSTS: no includeSubDomains, which would bind sites this instance does not run.
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: false },
    // Raw files, uploads and avatars may be embedded by other sites, as on GitLab; session cookies
    // are SameSite, so such cross-site loads carry no credentials anyway.
    crossOriginResourcePolicy: false,
  });
}
