import type { AssessedRow } from './assessed-row';
import { assessSimulated } from './assess-simulated';
import { evaluationLines, evaluationSummary, type ScenarioLine } from './evaluation-report';
import { leaveOneScenarioOut, type HeldOutLine } from './leave-one-out';
import { HARD_EVAL_SEED, trainingPopulations } from './population-config';
import { assessTrainingRows, trainingIdentity } from './train-models';

export interface EvaluationRun {
  /** The committed models on the default population (seed never trained on): the floors. */
  lines: ScenarioLine[];
  /** The committed models on the hard population, with a seed never trained on. */
  hardLines: ScenarioLine[];
  /** Each fraud scenario scored by models trained without it. */
  heldOut: HeldOutLine[];
}

export interface EvaluationOptions {
  seed: string;
  devices: number;
  /** Installations per hard / training population (leave-one-out refits on the training mix). */
  oodDevices: number;
  trainDevices: number;
}

/** Everything `npm run eval` prints: default, hard and leave-one-scenario-out. */
export async function runEvaluation(
  o: EvaluationOptions,
  log: (line: string) => void,
): Promise<EvaluationRun> {
  const rows = await assessSimulated(
    { seed: o.seed, realism: 'default', devices: o.devices },
    'eval default',
    log,
  );
  const hardRows: AssessedRow[] = await assessSimulated(
    { seed: HARD_EVAL_SEED, realism: 'hard', devices: o.oodDevices },
    'eval hard',
    log,
  );
  const specs = trainingPopulations(o.trainDevices);
  const training = await assessTrainingRows(specs, log);
  const heldOut = leaveOneScenarioOut(training, { default: rows, hard: hardRows }, trainingIdentity(specs));
  return { lines: evaluationLines(rows), hardLines: evaluationLines(hardRows), heldOut };
}

export { evaluationSummary };
