/**
 * Two answers of HTTP itself: 405 with `Allow` for a path the service knows asked with another
 * method (instead of 404), and CORS for browser clients (a point of sale on another origin),
 * off unless CORS_ORIGINS names the origins allowed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, error } from './errors';

/** The routes' paths as patterns, to tell "no such path" (404) from "not with this method" (405). */
export function methodsByPath(app: FastifyInstance): (url: string) => string[] {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    const source = `^${route.url.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`;
    routes.push({ pattern: new RegExp(source), methods: ([] as string[]).concat(route.method) });
  });
  return (url) => {
    const path = url.split('?')[0];
    const allowed = new Set(routes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods));
    return [...allowed].sort();
  };
}

/** The not-found handler: 405 with Allow when the path exists with other methods, else 404. */
export function notFoundOrWrongMethod(allowedFor: (url: string) => string[]) {
  return (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0];
    const allowed = allowedFor(req.url).filter((m) => m !== req.method);
    if (allowed.length) {
      return reply.status(405).header('Allow', allowed.join(', '))
        .send(new ApiError(405, [error('method_not_allowed', `${req.method} is not allowed on ${path}; use ${allowed.join(', ')}`, ['method'])]).body());
    }
    return reply.status(404).send(new ApiError(404, [error('not_found', `No route ${req.method} ${path}`, ['url'])]).body());
  };
}

const EXPOSED = 'X-Request-Id, Retry-After, Location, Content-Disposition, Idempotent-Replayed';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, Partner-Id, X-Request-Id';

/** CORS for the origins of CORS_ORIGINS (`*` for any); nothing at all when it is empty. */
export function cors(app: FastifyInstance, origins: string[]): void {
  if (!origins.length) return;
  const any = origins.includes('*');
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (!origin || !(any || origins.includes(origin))) return;
    reply.header('Access-Control-Allow-Origin', any ? '*' : origin).header('Vary', 'Origin').header('Access-Control-Expose-Headers', EXPOSED);
    // A preflight is answered here, before authentication and routing.
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      return reply.status(204).header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE')
        .header('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? ALLOWED_HEADERS)
        .header('Access-Control-Max-Age', '600').send();
    }
  });
}
