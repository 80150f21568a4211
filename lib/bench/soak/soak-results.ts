import type { OpenLoopResult } from './open-loop';

export const MINUTE_MS = 60_000;

export interface ResultsByMinute {
  add(result: OpenLoopResult): void;
  /** The requests scheduled in `minute` (the last minute also takes any scheduled after it). */
  scheduledIn(minute: number): readonly OpenLoopResult[];
  /** Requests of `stream` answered with success in `minute` (or after it, for the last). */
  answeredIn(stream: string, minute: number, orLater: boolean): number;
}

/**
 * The soak's results filed by minute as they come, so that closing a minute does not walk every earlier
 * result on the driver's event loop (a pass over 190,000 results delays the requests due meanwhile).
 */
export function resultsByMinute(minutes: number): ResultsByMinute {
  const scheduled: OpenLoopResult[][] = Array.from({ length: minutes }, () => []);
  const answered = new Map<string, number[]>();
  return {
    add: (r) => {
      scheduled[Math.min(minutes - 1, Math.floor(r.scheduledMs / MINUTE_MS))]!.push(r);
      if (r.status === null || r.status >= 300) return;
      const counts = answered.get(r.stream) ?? [];
      answered.set(r.stream, counts);
      const at = Math.floor(r.finishedMs / MINUTE_MS);
      counts[at] = (counts[at] ?? 0) + 1;
    },
    scheduledIn: (minute) => scheduled[minute] ?? [],
    answeredIn: (stream, minute, orLater) => {
      const counts = answered.get(stream) ?? [];
      return orLater ? counts.slice(minute).reduce<number>((a, n) => a + (n ?? 0), 0) : (counts[minute] ?? 0);
    },
  };
}

/** A failure's status, and for a 429 which limit refused it (in-flight share or an SDK rate). */
export function failureKey(r: OpenLoopResult): string {
  if (r.status === null) return 'network';
  if (r.status !== 429) return String(r.status);
  if (r.error?.includes('in progress')) return '429 in flight';
  if (r.error?.includes('SDK batches')) return '429 SDK rate';
  return '429';
}
