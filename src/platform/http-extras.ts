/**
 * Two answers of HTTP itself: 405 with `Allow` for a path the service knows asked with another
 * method (instead of 404), and CORS for browser clients (a point of sale on another origin),
 * off unless CORS_ORIGINS names the origins allowed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCors from '@fastify/cors';
import { ApiError, error } from './errors';

/** The routes' paths as patterns, to tell "no such path" (404) from "not with this method" (405). */
export function methodsByPath(app: FastifyInstance): (url: string) => string[] {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    // The catch-all OPTIONS route of @fastify/cors (it hands a request that is no preflight back to not-found) is no
    // path of the service: it would make every path "exist" with OPTIONS.
    if (route.url === '*' || route.url === '/*') return;
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

const EXPOSED = ['X-Request-Id', 'Retry-After', 'Location', 'Content-Disposition', 'Idempotent-Replayed'];

/**
 * CORS for the origins of CORS_ORIGINS (`*` for any), by `@fastify/cors`; nothing at all when it is empty. An origin
 * that is not listed (or a request without Origin) gets no CORS header and its OPTIONS is routed as any other request
 * (the origin is resolved per request, so the plugin adds nothing for it); a listed origin's preflight is answered
 * 204 before authentication and routing, echoing the headers it asks for.
 */
export async function cors(app: FastifyInstance, origins: string[]): Promise<void> {
  if (!origins.length) return;
  const any = origins.includes('*');
  await app.register(fastifyCors, {
    origin: (origin: string | undefined, done: (err: Error | null, allow: boolean | string) => void) =>
      done(null, !origin ? false : any ? '*' : origins.includes(origin)),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: EXPOSED,
    maxAge: 600,
    // A listed origin's OPTIONS without Access-Control-Request-Method is answered 204 too, rather than the plugin's
    // plain-text 400 (every error of the service has the ErrorBody shape).
    strictPreflight: false,
  });
}
