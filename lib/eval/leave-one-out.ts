import { FRAUD_SCENARIOS } from '../sim/types';
import type { AssessedRow } from './assessed-row';
import { evaluationLines, type ScenarioLine } from './evaluation-report';
import { fitModels } from './fit-models';
import { rescoreRows } from './rescore-rows';

export interface HeldOutLine extends ScenarioLine {
  /** The evaluation population the held-out scenario was scored on. */
  population: string;
}

/**
 * Leave one scenario out: for each fraud scenario S, fit both models on the training rows without S
 * (the rest of the recipe unchanged), then score S against every honest row of each evaluation
 * population. It measures how the engine does on a kind of fraud it has never seen.
 */
export function leaveOneScenarioOut(
  training: readonly AssessedRow[],
  evaluation: Readonly<Record<string, readonly AssessedRow[]>>,
  o: { seed: string; version: string },
): HeldOutLine[] {
  const lines: HeldOutLine[] = [];
  for (const scenario of FRAUD_SCENARIOS) {
    const models = fitModels(
      training.filter((r) => r.scenario !== scenario),
      { ...o, version: `${o.version}-without-${scenario}` },
    );
    for (const [population, rows] of Object.entries(evaluation)) {
      const scored = rescoreRows(rows, models);
      for (const line of evaluationLines(scored))
        if (line.scenario === scenario) lines.push({ ...line, population });
    }
  }
  return lines;
}
