import { planTimeline, type TimelineStep } from './plan-timeline';
import type { SimFeedback, SimulatedDevice } from './types';

/** One request of the demo at the moment it happens in the simulated month. */
export type DemoStep = { at: number; device: number } & (
  { kind: 'step'; step: TimelineStep } | { kind: 'feedback'; feedback: SimFeedback }
);

/** When a timeline step reaches the service: an upload at its own moment, events at their newest fix. */
function stepTime(step: TimelineStep): number {
  if (step.kind !== 'events') return step.ts;
  return step.at ?? step.events.reduce((latest, e) => Math.max(latest, e.ts), 0);
}

/**
 * Every device's requests (SDK uploads, signup, payments) and the client's feedback, merged into one
 * timeline. A device's own steps keep their order (an empty first upload is placed with its next step).
 */
export function demoTimeline(devices: readonly SimulatedDevice[]): DemoStep[] {
  const steps: DemoStep[] = [];
  devices.forEach((device, index) => {
    let previous = -Infinity;
    const subjectAt = new Map<string, number>();
    const timeline = planTimeline(device);
    timeline.forEach((step, i) => {
      const own = stepTime(step);
      const next = timeline[i + 1];
      const at = Math.max(previous, own > 0 ? own : next ? stepTime(next) : previous);
      previous = at;
      if (step.kind === 'signup') subjectAt.set('signup', at);
      if (step.kind === 'transaction') subjectAt.set(`payment:${step.index}`, at);
      steps.push({ at, device: index, kind: 'step', step });
    });
    // Feedback comes when the client learns the truth, never before the request it is about.
    for (const feedback of device.feedback) {
      const target = feedback.target;
      const about =
        target.kind === 'signup'
          ? subjectAt.get('signup')
          : target.kind === 'payment'
            ? subjectAt.get(`payment:${target.paymentIndex}`)
            : undefined;
      steps.push({
        at: Math.max(about ?? -Infinity, feedback.ts),
        device: index,
        kind: 'feedback',
        feedback,
      });
    }
  });
  return steps.sort((a, b) => a.at - b.at);
}

/** The timeline cut into windows of `windowMs`: requests of one window run together at its end. */
export function timeWindows(steps: readonly DemoStep[], windowMs: number): DemoStep[][] {
  const windows: DemoStep[][] = [];
  let current: DemoStep[] = [];
  let end = -Infinity;
  for (const step of steps) {
    if (step.at > end) {
      if (current.length > 0) windows.push(current);
      current = [];
      end = Math.floor(step.at / windowMs) * windowMs + windowMs;
    }
    current.push(step);
  }
  if (current.length > 0) windows.push(current);
  return windows;
}
