import { formatAge } from './format';

/**
 * How long a flagged case may wait for an analyst: within 4 h it is on time, up to 24 h it is due,
 * beyond that it is overdue. The colour in the queue follows these bands.
 */
export const SLA_DUE_AFTER_MS = 4 * 3_600_000;
export const SLA_OVERDUE_AFTER_MS = 24 * 3_600_000;

export type SlaState = 'on_time' | 'due' | 'overdue';

export interface SlaView {
  age: string;
  state: SlaState;
  label: string;
}

const LABELS: Record<SlaState, string> = { on_time: 'on time', due: 'due', overdue: 'overdue' };

/** The age of a case waiting since `since`, and its SLA band; a closed case no longer waits. */
export function slaOf(since: number, now: number, closed: boolean): SlaView {
  const waited = now - since;
  const state: SlaState = closed
    ? 'on_time'
    : waited >= SLA_OVERDUE_AFTER_MS
      ? 'overdue'
      : waited >= SLA_DUE_AFTER_MS
        ? 'due'
        : 'on_time';
  return { age: formatAge(since, now), state, label: closed ? 'closed' : LABELS[state] };
}
