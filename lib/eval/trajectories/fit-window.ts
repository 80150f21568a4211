import type { TrajectoryPoint } from './trajectory-point';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** Ingestion accepts fixes up to 90 days old; keep a margin. */
const WINDOW_MS = 84 * DAY_MS;

/**
 * A person's fixes moved into the service's window before `now`, by whole weeks only (so every fix keeps
 * its weekday and its time of day): gaps longer than two weeks shrink to one or two weeks, the last 84
 * days are kept, and the newest fix lands one to eight days before `now`.
 */
export function fitWindow(points: readonly TrajectoryPoint[], now: number): TrajectoryPoint[] {
  const compressed: TrajectoryPoint[] = [];
  let removed = 0;
  points.forEach((p, i) => {
    const gap = i === 0 ? 0 : p.ts - points[i - 1]!.ts;
    if (gap > 2 * WEEK_MS) removed += Math.floor((gap - WEEK_MS) / WEEK_MS) * WEEK_MS;
    compressed.push({ ...p, ts: p.ts - removed });
  });
  const last = compressed.at(-1)?.ts;
  if (last === undefined) return [];
  const shift = Math.floor((now - DAY_MS - last) / WEEK_MS) * WEEK_MS;
  return compressed.filter((p) => p.ts > last - WINDOW_MS).map((p) => ({ ...p, ts: p.ts + shift }));
}

/** Keeps a fix only when at least `seconds` passed since the last one kept (0 keeps every fix). */
export function thin(points: readonly TrajectoryPoint[], seconds: number): TrajectoryPoint[] {
  if (seconds <= 0) return [...points];
  const kept: TrajectoryPoint[] = [];
  for (const p of points) if (kept.length === 0 || p.ts - kept.at(-1)!.ts >= seconds * 1000) kept.push(p);
  return kept;
}
