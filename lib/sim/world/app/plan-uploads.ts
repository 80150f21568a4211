import type { Random } from '../../random';
import type { SimEvent, TimestampStyle, Upload } from '../../types';
import { pickWeighted } from '../pick-weighted';
import type { AppKind } from './app-kind';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export interface Delivery {
  app: AppKind;
  /** Moments of the signup and payments: the app is open and online, and flushes what it holds just before. */
  actions: readonly number[];
  now: number;
}

/** How SDK versions write timestamps; some devices update the app mid-history and change style. */
const STYLES: Record<TimestampStyle, number> = { iso_utc: 0.55, epoch_ms: 0.35, iso_local: 0.1 };

function styleAt(random: Random, from: number, now: number): (at: number) => TimestampStyle {
  const first = pickWeighted(random, STYLES);
  if (!random.chance(0.15)) return () => first;
  const second = pickWeighted(random, STYLES);
  const switchAt = random.float(from, now);
  return (at) => (at < switchAt ? first : second);
}

/** When the app would send what it holds: on a timer in the background, at the end of each foreground session. */
function sendTimes(random: Random, events: readonly SimEvent[], d: Delivery): number[] {
  if (events.length === 0 || d.app === 'logger') return [];
  if (d.app === 'foreground')
    return events
      .filter((e, i) => i === events.length - 1 || events[i + 1]!.ts - e.ts > 5 * MINUTE_MS)
      .map((e) => e.ts + random.float(2, 60) * 1000);
  const times: number[] = [];
  for (let t = events[0]!.ts; t <= d.now; t += random.float(60, 360) * MINUTE_MS) times.push(t);
  return times;
}

/** Offline stretches (no signal, roaming off, battery saver): nothing is sent, fixes pile up. */
function offline(random: Random, from: number, now: number): [number, number][] {
  if (!random.chance(0.4)) return [];
  return Array.from({ length: random.int(1, 3) }, () => {
    const start = random.float(from, now);
    return [start, start + random.float(2, 72) * HOUR_MS];
  });
}

/**
 * How a phone's recorded fixes reach the service: in batches when the app sends, held back while offline
 * (gaps of days), flushed before each signup or payment, some batches failing and arriving after newer
 * ones (out of order), some sent twice (a timeout after the server took them), some unsorted inside, and
 * timestamps in the SDK's style of the day.
 */
export function planUploads(random: Random, events: readonly SimEvent[], d: Delivery): Upload[] {
  const from = events[0]?.ts ?? d.now;
  const style = styleAt(random.fork('style'), from, d.now);
  const down = offline(random.fork('offline'), from, d.now);
  const sends = sendTimes(random.fork('sends'), events, d).filter(
    (t) => !down.some(([a, b]) => t >= a && t <= b),
  );
  const flushes = d.actions.map((t) => t - random.float(1, 20) * 1000);
  const instants = [...new Set([...sends, ...flushes, d.now])]
    .filter((t) => t <= d.now)
    .sort((a, b) => a - b);
  const batches: { at: number; events: SimEvent[] }[] = instants.map((at) => ({ at, events: [] }));
  let b = 0;
  for (const event of events) {
    while (b < batches.length - 1 && batches[b]!.at < event.ts) b++;
    if (batches[b]!.at >= event.ts) batches[b]!.events.push(event);
  }
  const failRate = random.chance(0.3) ? random.float(0.01, 0.08) : 0;
  const resendRate = random.chance(0.3) ? random.float(0.01, 0.05) : 0;
  const unsorted = random.chance(0.1);
  const uploads: Upload[] = [];
  const sent = batches.filter((x) => x.events.length > 0);
  sent.forEach((batch, i) => {
    const later = sent[i + 2]?.at ?? sent[i + 1]?.at ?? d.now;
    const at = random.chance(failRate) ? later : batch.at;
    const order = unsorted ? [...batch.events].reverse() : batch.events;
    uploads.push({ at, events: order, tsStyle: style(at) });
    if (random.chance(resendRate)) {
      const again = sent[i + 1]?.at ?? d.now;
      uploads.push({ at: Math.max(at, again), events: order, tsStyle: style(again) });
    }
  });
  return uploads.sort((x, y) => x.at - y.at);
}
