import type { FastifyInstance, onRequestAsyncHookHandler, RouteOptions } from 'fastify';

const GUARD = Symbol('locus.guard');

/** Marks a hook as an authorisation gate: it runs in onRequest, before the body is read or validated. */
export function guard<T extends onRequestAsyncHookHandler>(hook: T): T {
  return Object.assign(hook, { [GUARD]: true });
}

function isGuard(hook: unknown): boolean {
  return typeof hook === 'function' && GUARD in hook;
}

const asList = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Authorisation before validation on every route (SPEC §5.1, issue 16 item 7): a guard declared as a
 * preHandler (which runs after the body is parsed and validated) is moved to onRequest, ahead of the
 * route's other onRequest hooks. Routes need not remember; the authorisation-first test checks them all.
 */
export function authoriseFirst(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const preHandlers = asList(route.preHandler);
    const guards = preHandlers.filter(isGuard) as onRequestAsyncHookHandler[];
    if (guards.length === 0) return;
    route.preHandler = preHandlers.filter((h) => !isGuard(h));
    route.onRequest = [...guards, ...asList(route.onRequest)] as RouteOptions['onRequest'];
  });
}
