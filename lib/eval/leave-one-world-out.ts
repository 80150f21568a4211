import type { AssessedRow } from './assessed-row';
import { fitModels } from './fit-models';
import { rescoreRows } from './rescore-rows';

/**
 * Leave one world out: for each world, fit both models on the rows of every other world (the recipe of
 * `npm run train`) and score the world with them. The features, rules and thin-evidence verdicts do not
 * depend on the model, so only model-decided rows can change (rescore-rows.ts).
 */
export function leaveOneWorldOut(
  byWorld: ReadonlyMap<string, readonly AssessedRow[]>,
  o: { seed: string; log?: (line: string) => void },
): Map<string, AssessedRow[]> {
  const out = new Map<string, AssessedRow[]>();
  for (const [world, rows] of byWorld) {
    const training = [...byWorld].filter(([w]) => w !== world).flatMap(([, r]) => r);
    const models = fitModels(training, { seed: o.seed, version: `lowo-without-${world}` });
    out.set(world, rescoreRows(rows, models));
    o.log?.(`leave one world out: refitted without ${world} on ${training.length} assessments`);
  }
  return out;
}
