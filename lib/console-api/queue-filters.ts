/**
 * The queue screens keep their filters in the URL (shareable, back-button friendly); this turns the
 * search params into the console API query and back into form values.
 */
import { QUEUE_ORDERS } from '../contracts/console/common';

export interface QueueFilterValues {
  risk: string;
  status: string;
  reason: string;
  q: string;
  from: string;
  to: string;
  assigned: string;
  feedback: string;
  order: string;
}

const DAY_MS = 86_400_000;

/** `value` when it is one of `options`, else the fallback (URLs are typed by hand). */
function oneOf<T extends string>(value: string, options: readonly T[], fallback: T): T {
  return (options as readonly string[]).includes(value) ? (value as T) : fallback;
}

export const DEFAULT_QUEUE_FILTERS: QueueFilterValues = {
  risk: 'high_risk,unknown_risk',
  status: 'open,in_review',
  reason: '',
  q: '',
  from: '',
  to: '',
  assigned: 'any',
  feedback: 'any',
  order: 'changed',
};

type Params = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Payment step-up review starts from the payments whose high risk called for step-up. */
export const PAYMENT_QUEUE_FILTERS: QueueFilterValues = { ...DEFAULT_QUEUE_FILTERS, risk: 'high_risk' };

export function queueFilterValues(
  params: Params,
  defaults: QueueFilterValues = DEFAULT_QUEUE_FILTERS,
): QueueFilterValues {
  const values = { ...defaults };
  for (const key of Object.keys(values) as (keyof QueueFilterValues)[]) {
    const value = first(params[key]);
    if (value !== undefined) values[key] = value;
  }
  return values;
}

/** `yyyy-mm-dd` (UTC day) → epoch ms; `to` covers the whole day. */
function dayToMillis(day: string, endOfDay: boolean): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : endOfDay ? ms + DAY_MS - 1 : ms;
}

export function queueApiQuery(values: QueueFilterValues, cursor: string | undefined) {
  return {
    risk: values.risk && values.risk !== 'all' ? values.risk : undefined,
    status: values.status && values.status !== 'all' ? values.status : undefined,
    reason: values.reason || undefined,
    q: values.q || undefined,
    from: dayToMillis(values.from, false),
    to: dayToMillis(values.to, true),
    assigned: oneOf(values.assigned, ['me', 'unassigned', 'any'] as const, 'any'),
    feedback: oneOf(values.feedback, ['any', 'none', 'received'] as const, 'any'),
    order: oneOf(values.order, QUEUE_ORDERS, 'changed'),
    cursor,
    limit: 25,
  };
}

/** The filters that differ from the queue's defaults: what its URL (and a saved filter) keeps. */
export function changedFilters(
  values: QueueFilterValues,
  defaults: QueueFilterValues = DEFAULT_QUEUE_FILTERS,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => value !== defaults[key as keyof QueueFilterValues]),
  );
}

/** The URL of the same queue with some values changed (used by the pager links). */
export function queueHref(
  base: string,
  values: QueueFilterValues,
  extra: Record<string, string> = {},
  defaults: QueueFilterValues = DEFAULT_QUEUE_FILTERS,
): string {
  const params = new URLSearchParams({ ...changedFilters(values, defaults), ...extra });
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

export const firstParam = first;
