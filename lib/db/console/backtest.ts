import type { Backtest, ConfusionMatrix } from '../../contracts/console/backtest';
import { parseExplanation, type Explanation } from '../../contracts/console/explanation';
import { disputesLowRisk } from '../../domain/verdict/explanation';
import type { Executor } from '../repositories/executor';
import { caseLabel } from './case-labels';
import type { ThresholdKind, Thresholds } from './thresholds-store';
import { consoleIndexed } from './console-indexed';

type Verdict = keyof ConfusionMatrix;
type Label = 'fraud' | 'legit' | null;

/** At most this many assessments are replayed (newest first) and this many flips listed. */
const REPLAY_LIMIT = 200_000;
const FLIP_LIMIT = 100;

/**
 * The verdict an assessment would get under other thresholds: a rule's high risk and thin evidence's
 * unknown risk stand whatever the thresholds; only the model's verdicts move with them, and a model's
 * high risk the evidence disputed (the explanation's `thinEvidence` beside decidedBy 'model', e.g.
 * present_at_address_now) stays unknown risk, as the engine would make it; so does a low risk disputed
 * (`no_trusted_place`: a payment with nothing to compare with).
 */
export function replayVerdict(x: Explanation, t: Thresholds, stored: string): Verdict {
  if (x.decidedBy !== 'model') return stored as Verdict;
  const againstLow = disputesLowRisk(x.thinEvidence);
  if (x.probability >= t.high) return x.thinEvidence !== null && !againstLow ? 'unknown_risk' : 'high_risk';
  return x.probability < t.low && !againstLow ? 'low_risk' : 'unknown_risk';
}

const emptyMatrix = (): ConfusionMatrix => ({
  high_risk: { fraud: 0, legit: 0, unlabelled: 0 },
  unknown_risk: { fraud: 0, legit: 0, unlabelled: 0 },
  low_risk: { fraud: 0, legit: 0, unlabelled: 0 },
});
const QUEUED: Record<ThresholdKind, Verdict[]> = {
  signup: ['high_risk', 'unknown_risk'],
  payment: ['high_risk'],
};

/**
 * Replays the tenant's stored assessments of the range (the latest of each signup, each evaluated
 * payment) under proposed thresholds and counts what changes. Nothing is written.
 */
export async function runBacktest(
  db: Executor,
  tenantId: string,
  query: { kind: ThresholdKind; current: Thresholds; proposed: Thresholds; from: number; to: number },
): Promise<Backtest> {
  const table = query.kind === 'signup' ? 'signups' : 'transactions';
  const rows = await db
    .selectFrom(table)
    .select(['id', 'risk_assessment', 'explanation', caseLabel(table).as('label')])
    .where(`${table}.tenant_id`, '=', tenantId)
    .where(consoleIndexed(table))
    .where(`${table}.created_at`, '>=', query.from)
    .where(`${table}.created_at`, '<=', query.to)
    .where('risk_assessment', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(REPLAY_LIMIT)
    .execute();
  const current = emptyMatrix();
  const proposed = emptyMatrix();
  const queue = { current: 0, proposed: 0 };
  const flips: Backtest['flips'] = [];
  let [replayed, withoutExplanation, flipsTotal] = [0, 0, 0];
  for (const row of rows) {
    const x = parseExplanation(row.explanation);
    if (!x) {
      withoutExplanation++;
      continue;
    }
    replayed++;
    const label = row.label as Label;
    const before = row.risk_assessment as Verdict;
    const after = replayVerdict(x, query.proposed, before);
    current[before][label ?? 'unlabelled']++;
    proposed[after][label ?? 'unlabelled']++;
    if (QUEUED[query.kind].includes(before)) queue.current++;
    if (QUEUED[query.kind].includes(after)) queue.proposed++;
    if (before !== after) {
      flipsTotal++;
      if (flips.length < FLIP_LIMIT)
        flips.push({ id: row.id, probability: x.probability, label, from: before, to: after });
    }
  }
  return {
    kind: query.kind,
    from: query.from,
    to: query.to,
    current: query.current,
    proposed: query.proposed,
    replayed,
    without_explanation: withoutExplanation,
    current_matrix: current,
    proposed_matrix: proposed,
    queue,
    flips_total: flipsTotal,
    flips,
  };
}
