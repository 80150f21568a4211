import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../engines';
import { checkCase, startFuzzTarget, type FuzzTarget } from '../../fuzz/fuzz-target';
import { malformedRequests } from '../../fuzz/malformed-requests';
import { PUBLIC_ROUTES } from '../../fuzz/public-routes';

/**
 * The fuzz battery, CI size (`npm run fuzz` runs 5,000+ per route): malformed requests generated from
 * each public route's zod schema, sent to the API on every engine in turn. No answer is a 5xx, every
 * answer has the spec's shape for its status, and both engines give the same answer to the same input.
 */
const RUNS = Number(process.env.LOCUS_FUZZ_RUNS ?? 300);

describe('malformed requests on every public route', () => {
  let targets: FuzzTarget[] = [];
  beforeAll(async () => {
    targets = await Promise.all(TEST_ENGINES.map((engine) => startFuzzTarget(engine)));
  });
  afterAll(async () => {
    for (const target of targets) await target.t.close();
  });

  for (const route of PUBLIC_ROUTES) {
    it(`${route.name}: no 5xx, the spec's shapes, the same answer on ${TEST_ENGINES.join(' and ')}`, async () => {
      await fc.assert(
        fc.asyncProperty(malformedRequests(route), async (request) => {
          const result = await checkCase(targets, route, request);
          expect(result.wrongShapes).toEqual([]);
          expect(result.disagreement).toBeNull();
        }),
        { numRuns: RUNS, seed: 13 },
      );
    });
  }
});
