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
  if (!mayHoldMalformed(s)) return null;
  const match = MALFORMED.exec(s);
  if (!match) return null;
  return match[0] === '\u0000' ? 'must not contain NUL characters' : 'must be valid Unicode text';
}

/** False when `s` has no NUL and no surrogate at all (nearly every string): the regex then has nothing to find. */
function mayHoldMalformed(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0 || (c >= 0xd800 && c <= 0xdfff)) return true;
  }
  return false;
}

/**
 * The first string (value or key) in `value` that no database should see, or a structure nested too
 * deeply; null when the value is clean. Iterative, so no input can overflow the stack. Depth first,
 * last child first; an object's keys are checked when it is reached. Entries waiting on the stack are
 * three parallel arrays and paths are rebuilt only for a problem: a 1,000-event SDK batch is ~7,000
 * values, and an object and a path array for each cost ~0.9 µs per event.
 */
export function findMalformedValue(value: unknown): core.$ZodIssue | null {
  // Every object or array reached: the container it is in (-1: none) and its key there, and its depth.
  const containerParent: number[] = [];
  const containerKey: PropertyKey[] = [];
  const containerDepth: number[] = [];
  const pathTo = (container: number, key: PropertyKey): PropertyKey[] => {
    if (container === -1) return [];
    const path: PropertyKey[] = [key];
    for (let at = container; at >= 0 && containerParent[at] !== -1; at = containerParent[at] as number)
      path.unshift(containerKey[at] as PropertyKey);
    return path;
  };
  // Waiting entries: the value, the container it is in (-1 for the root) and its key there.
  const values: unknown[] = [value];
  const parents: number[] = [-1];
  const keys: PropertyKey[] = [''];
  while (values.length > 0) {
    const item = values.pop();
    const parent = parents.pop() as number;
    const key = keys.pop() as PropertyKey;
    if (typeof item === 'string') {
      const problem = stringProblem(item);
      if (problem) return issue(pathTo(parent, key), problem);
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    const depth = parent === -1 ? 0 : (containerDepth[parent] as number) + 1;
    if (depth >= MAX_JSON_DEPTH) return issue(pathTo(parent, key), 'is nested too deeply');
    const self = containerParent.length;
    containerParent.push(parent);
    containerKey.push(key);
    containerDepth.push(depth);
    if (Array.isArray(item)) {
      // Index keys are digits: nothing to check in them.
      for (let i = 0; i < item.length; i++) {
        values.push(item[i]);
        parents.push(self);
        keys.push(i);
      }
      continue;
    }
    const record = item as Record<string, unknown>;
    for (const k of Object.keys(record)) {
      const problem = stringProblem(k);
      if (problem) return issue(pathTo(self, k), `key ${problem}`);
      values.push(record[k]);
      parents.push(self);
      keys.push(k);
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
