import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { core } from 'zod';
import { RequestValidationError } from './request-validation';

/**
 * Input hygiene at the edge, once for every route: what no database should ever see is refused here,
 * in the route's own error shape, before validation and before any query.
 *
 * - A string holding NUL (PostgreSQL rejects it: `invalid byte sequence for encoding "UTF8": 0x00`) or a
 *   lone UTF-16 surrogate (not representable in UTF-8: stored lossily on one engine, as-is on the other).
 * - JSON nested deeper than any request of ours (a walker or `JSON.stringify` would overflow the stack).
 * - A path whose percent-encoding does not decode (`%ff`, `%`): it is escaped before routing, so the
 *   request reaches its route, authorisation runs, and the id (now a literal `%ff`) is simply not found.
 */

/** Deeper than any request schema (an SDK batch is 3 levels): anything beyond is not one of our requests. */
export const MAX_JSON_DEPTH = 32;

// eslint-disable-next-line no-control-regex -- matching NUL is the point
const MALFORMED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `s` may reach a database: no NUL, no lone surrogate. */
export function isCleanText(s: string): boolean {
  return !MALFORMED.test(s);
}

function stringProblem(s: string): string | null {
  const match = MALFORMED.exec(s);
  if (!match) return null;
  return match[0] === '\u0000' ? 'must not contain NUL characters' : 'must be valid Unicode text';
}

/**
 * The first string (value or key) in `value` that no database should see, or a structure nested too
 * deeply; null when the value is clean. Iterative, so no input can overflow the stack.
 */
export function findMalformedValue(value: unknown): core.$ZodIssue | null {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: PropertyKey[] };
    if (typeof item.value === 'string') {
      const problem = stringProblem(item.value);
      if (problem) return issue(item.path, problem);
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.path.length >= MAX_JSON_DEPTH) return issue(item.path, 'is nested too deeply');
    for (const [key, child] of Object.entries(item.value)) {
      const path = [...item.path, Array.isArray(item.value) ? Number(key) : key];
      const problem = stringProblem(key);
      if (problem) return issue(path, `key ${problem}`);
      stack.push({ value: child, path });
    }
  }
  return null;
}

function issue(path: PropertyKey[], message: string): core.$ZodIssue {
  return { code: 'custom', path, message, input: undefined };
}

/**
 * preValidation, on every route: what the route reads — its params and query (when it has a schema for
 * them: others it never looks at) and its body — must be clean text before anything else looks.
 */
export async function refuseMalformedInput(request: FastifyRequest): Promise<void> {
  const schema = request.routeOptions.schema;
  for (const [part, value] of [
    ['params', schema?.params ? request.params : undefined],
    ['querystring', schema?.querystring ? request.query : undefined],
    ['body', request.body],
  ] as const) {
    const found = findMalformedValue(value);
    if (found) throw new RequestValidationError(part, [found]);
  }
}

/**
 * Fastify's `rewriteUrl`: a path whose percent-encoding cannot be decoded has its `%` escaped, so it is
 * routed like any other unknown id instead of failing in the router with a framework-shaped 400.
 */
export function escapeUndecodablePath(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (!url.includes('%')) return url;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return path.replaceAll('%', '%25') + (queryAt === -1 ? '' : url.slice(queryAt));
  }
}
