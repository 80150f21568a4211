import type { SimEvent, SimulatedDevice } from './types';

/** One step of a device's life as the service sees it, in time order. */
export type TimelineStep =
  | { kind: 'events'; events: SimEvent[] }
  | { kind: 'signup'; ts: number }
  | { kind: 'transaction'; ts: number; index: number };

/**
 * Interleaves a device's location events with its signup and payments, so that each assessment sees exactly the
 * events that happened before it. Starts with an events step (possibly empty): the SDK reports the device first.
 */
export function planTimeline(device: SimulatedDevice): TimelineStep[] {
  const actions: Exclude<TimelineStep, { kind: 'events' }>[] = [];
  if (device.declaredAddress && device.signupAt !== null)
    actions.push({ kind: 'signup', ts: device.signupAt });
  device.payments.forEach((p, index) => actions.push({ kind: 'transaction', ts: p.ts, index }));
  actions.sort((a, b) => a.ts - b.ts);
  const steps: TimelineStep[] = [];
  let next = 0;
  const events = device.events;
  for (const action of actions) {
    let end = next;
    while (end < events.length && events[end]!.ts <= action.ts) end++;
    if (end > next || steps.length === 0) steps.push({ kind: 'events', events: events.slice(next, end) });
    next = end;
    steps.push(action);
  }
  if (next < events.length || steps.length === 0) steps.push({ kind: 'events', events: events.slice(next) });
  return steps;
}
