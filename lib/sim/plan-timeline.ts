import type { SimEvent, SimulatedDevice, TimestampStyle, Upload } from './types';

/** One step of a device's life as the service sees it, in time order. */
export type TimelineStep =
  | {
      kind: 'events';
      events: SimEvent[];
      /** When the request arrives (world model); absent: at the newest of its events. */
      at?: number;
      tsStyle?: TimestampStyle;
    }
  | { kind: 'signup'; ts: number }
  | { kind: 'transaction'; ts: number; index: number };

type ActionStep = Exclude<TimelineStep, { kind: 'events' }>;

function actionsOf(device: SimulatedDevice): ActionStep[] {
  const actions: ActionStep[] = [];
  if (device.declaredAddress && device.signupAt !== null)
    actions.push({ kind: 'signup', ts: device.signupAt });
  device.payments.forEach((p, index) => actions.push({ kind: 'transaction', ts: p.ts, index }));
  return actions.sort((a, b) => a.ts - b.ts);
}

/** The world model's uploads interleaved with the actions: an upload arriving by an action's moment goes first. */
function uploadTimeline(uploads: readonly Upload[], actions: readonly ActionStep[]): TimelineStep[] {
  const sent = [...uploads].sort((a, b) => a.at - b.at);
  const steps: TimelineStep[] = [];
  if (sent.length === 0 || (actions.length > 0 && sent[0]!.at > actions[0]!.ts))
    steps.push({ kind: 'events', events: [] });
  let u = 0;
  for (const action of actions) {
    for (; u < sent.length && sent[u]!.at <= action.ts; u++) steps.push(uploadStep(sent[u]!));
    steps.push(action);
  }
  for (; u < sent.length; u++) steps.push(uploadStep(sent[u]!));
  return steps;
}

const uploadStep = (upload: Upload): TimelineStep => ({
  kind: 'events',
  events: upload.events,
  at: upload.at,
  tsStyle: upload.tsStyle,
});

/**
 * Interleaves a device's location events with its signup and payments, so that each assessment sees exactly the
 * events that reached the service before it. Starts with an events step (possibly empty): the SDK reports the
 * device first. A world-model device sends its own uploads (late, duplicated, out of order); any other device
 * sends each stretch of events, sorted, just before the next action.
 */
export function planTimeline(device: SimulatedDevice): TimelineStep[] {
  const actions = actionsOf(device);
  if (device.uploads) return uploadTimeline(device.uploads, actions);
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
