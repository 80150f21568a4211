import { firstParam } from './queue-filters';

const DAY_MS = 86_400_000;
const parseDay = (v: string | undefined) =>
  v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : undefined;

export type OverviewRange =
  { kind: 'ok'; query: { from?: number; to?: number } } | { kind: 'invalid'; message: string };

/** The overview's date range from the URL (UTC days, `to` inclusive); an inverted range is an error. */
export function overviewRange(params: Record<string, string | string[] | undefined>): OverviewRange {
  const from = parseDay(firstParam(params.from));
  const toDay = parseDay(firstParam(params.to));
  const to = toDay === undefined ? undefined : toDay + DAY_MS - 1;
  if (from !== undefined && to !== undefined && from > to) {
    return {
      kind: 'invalid',
      message: `The range starts (${firstParam(params.from)}) after it ends (${firstParam(params.to)}).`,
    };
  }
  return {
    kind: 'ok',
    query: { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) },
  };
}
