import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../lib/clock/manual-clock';
import { makeDemoClock } from '../../../lib/sim/demo-clock';
import { demoTimeline, timeWindows } from '../../../lib/sim/demo-timeline';
import { generatePopulation } from '../../../lib/sim/generate-population';
import { createRandom } from '../../../lib/sim/random';
import { spreadOverMonth } from '../../../lib/sim/spread-over-month';

const NOW = Date.UTC(2026, 5, 1, 12);
const DAY = 86_400_000;

describe('demo seeding', () => {
  it('moves the demo clock forward only, never past the real clock, and hands it back', () => {
    const base = manualClock(NOW);
    const clock = makeDemoClock(base);
    clock.travelTo(NOW - 30 * DAY);
    expect(clock.now()).toBe(NOW - 30 * DAY);
    clock.travelTo(NOW - 31 * DAY);
    expect(clock.now()).toBe(NOW - 30 * DAY);
    clock.travelTo(NOW + DAY);
    expect(clock.now()).toBe(NOW);
    clock.resume();
    base.advance(5000);
    expect(clock.now()).toBe(NOW + 5000);
  });

  const population = generatePopulation({
    seed: 'demo-test',
    now: NOW,
    devices: 120,
    fraudShare: 0.3,
    days: 7,
  });
  const month = spreadOverMonth(population.devices, 30, 7, createRandom('month'));

  it('spreads the devices over the month, each living its week unchanged, nothing in the future', () => {
    const signups = month.flatMap((d) => (d.signupAt === null ? [] : [d.signupAt]));
    expect(Math.max(...signups) - Math.min(...signups)).toBeGreaterThan(18 * DAY);
    month.forEach((d, i) => {
      const original = population.devices[i]!;
      const by =
        (original.payments[0]?.ts ?? original.signupAt ?? 0) - (d.payments[0]?.ts ?? d.signupAt ?? 0);
      expect(by).toBeGreaterThanOrEqual(0);
      if (original.signupAt !== null) expect(original.signupAt - d.signupAt!).toBe(by);
      original.events.forEach((e, j) => expect(e.ts - d.events[j]!.ts).toBe(by));
      for (const f of d.feedback) expect(f.ts).toBeLessThanOrEqual(NOW);
    });
  });

  it('merges every request into one timeline in time order, feedback after what it is about', () => {
    const steps = demoTimeline(month);
    for (let i = 1; i < steps.length; i++) expect(steps[i]!.at).toBeGreaterThanOrEqual(steps[i - 1]!.at);
    for (const step of steps.filter((s) => s.kind === 'feedback')) {
      const target = step.kind === 'feedback' ? step.feedback.target : null;
      if (target?.kind !== 'payment') continue;
      const payment = steps.find(
        (s) =>
          s.device === step.device &&
          s.kind === 'step' &&
          s.step.kind === 'transaction' &&
          s.step.index === target.paymentIndex,
      );
      expect(payment!.at).toBeLessThanOrEqual(step.at);
      expect(steps.indexOf(payment!)).toBeLessThan(steps.indexOf(step));
    }
    const windows = timeWindows(steps, 2 * 3_600_000);
    expect(windows.flat()).toEqual(steps);
    for (const w of windows)
      expect(Math.floor(w[0]!.at / 7_200_000)).toBe(Math.floor(w[w.length - 1]!.at / 7_200_000));
  });
});
