import { PAYMENT_MODEL, SIGNUP_MODEL } from '../domain/model/trained-models';
import type { AssessedRow } from './assessed-row';
import { assessWorlds } from './assess-worlds';
import { headline, meetsTargets, type Headline } from './headline-metrics';
import { leaveOneWorldOut } from './leave-one-world-out';
import { HELD_OUT_WORLDS, worldRuns } from './world-config';
import { headlineTable, honestHarmTable, scenarioTable, type NamedRows } from './world-report';

export interface EvaluationOptions {
  seed: string;
  /** Installations per world (the trajectory world gets half). */
  devices: number;
  worlds: readonly string[];
  /** Worlds assessed at once, each in a worker thread (1: in this thread). */
  jobs: number;
}

export interface EvaluationRun {
  /** Every world as the committed models judged it. */
  committed: Map<string, AssessedRow[]>;
  /** Every world as models fitted on all the other worlds judged it. */
  lowo: Map<string, AssessedRow[]>;
}

/** `npm run eval`: assess every world once, then score each by models that never saw it. */
export async function runEvaluation(
  o: EvaluationOptions,
  log: (line: string) => void,
): Promise<EvaluationRun> {
  const committed = await assessWorlds(worldRuns(o.worlds, o.seed, o.devices), log, o.jobs);
  const lowo = leaveOneWorldOut(committed, { seed: o.seed, log });
  return { committed, lowo };
}

const isHeldOut = (world: string) => (HELD_OUT_WORLDS as readonly string[]).includes(world);
const pooled = (byWorld: ReadonlyMap<string, readonly AssessedRow[]>, keep: (w: string) => boolean) =>
  [...byWorld].filter(([w]) => keep(w)).flatMap(([, rows]) => rows);
const perWorld = (byWorld: ReadonlyMap<string, readonly AssessedRow[]>): NamedRows[] =>
  [...byWorld].map(([name, rows]) => ({ name: isHeldOut(name) ? name : `${name} *`, rows }));

export interface EvaluationSummary {
  models: string;
  heldOut: Headline;
  leaveOneWorldOut: Headline;
  pass: boolean;
}

/** The Markdown written into docs/RISK.md and printed, and the one-line JSON summary. */
export function evaluationReport(
  run: EvaluationRun,
  o: EvaluationOptions,
): { markdown: string; summary: EvaluationSummary } {
  const heldOut = pooled(run.committed, isHeldOut);
  const lowoAll = pooled(run.lowo, () => true);
  const models = `${SIGNUP_MODEL.version} / ${PAYMENT_MODEL.version}`;
  const markdown = [
    `Seed \`${o.seed}\`, ${o.devices} installations per world (the trajectory world ${Math.round(o.devices / 2)}); models \`${models}\`.`,
    '',
    '#### Worlds the committed models never saw',
    '',
    headlineTable([
      { name: '**held-out worlds**', rows: heldOut },
      ...perWorld(run.committed).filter((p) => isHeldOut(p.name)),
    ]),
    '',
    '#### Per scenario, held-out worlds together',
    '',
    scenarioTable(heldOut),
    '',
    '#### Honest harm by app and phone, held-out worlds together',
    '',
    honestHarmTable(heldOut),
    '',
    '#### Leave one world out (each world scored by models fitted on all the others)',
    '',
    headlineTable([{ name: '**all worlds**', rows: lowoAll }, ...perWorld(run.lowo)]),
    '',
    '#### Every world with the committed models (* = a training world, here with a seed never trained on)',
    '',
    headlineTable(perWorld(run.committed)),
  ].join('\n');
  const h = headline(heldOut);
  return {
    markdown,
    summary: {
      models,
      heldOut: h,
      leaveOneWorldOut: headline(lowoAll),
      pass: h.signups > 0 && meetsTargets(h),
    },
  };
}
