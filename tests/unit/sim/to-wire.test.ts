import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePopulation } from '../../../lib/sim/generate-population';
import { planTimeline } from '../../../lib/sim/plan-timeline';
import { ingestionBodies, MAX_EVENTS_PER_BATCH, transactionBody } from '../../../lib/sim/to-wire';
import type { SimEvent, SimulatedDevice } from '../../../lib/sim/types';
import { NOW, population } from './fixtures';

const DAY_MS = 86_400_000;

function withEvents(count: number): SimulatedDevice {
  const base = population().devices.find((d) => d.scenario === 'honest')!;
  const events: SimEvent[] = Array.from({ length: count }, (_, i) => ({
    ts: NOW - (count - i) * 60_000,
    lat: 0,
    lng: 0,
    accuracy_m: 10,
    source: 'gps',
    mock: false,
  }));
  return { ...base, events, payments: [], signupAt: NOW - 500 * 60_000 };
}

describe('ingestion bodies', () => {
  it('split events into batches of at most 1000, in order, with ISO timestamps', () => {
    const device = withEvents(2_501);
    const bodies = ingestionBodies(device, device.events);
    expect(bodies.map((b) => b.events.length)).toEqual([1000, 1000, 501]);
    expect(bodies[0]!.events[0]!.ts).toBe(new Date(device.events[0]!.ts).toISOString());
    expect(
      bodies.every((b) => b.installation_id === device.installationId && b.device === device.device),
    ).toBe(true);
  });

  it('report a device with no events with one empty batch', () => {
    expect(ingestionBodies(withEvents(0), []).map((b) => b.events)).toEqual([[]]);
  });

  it('property: every step of every timeline holds ≤ 1000 events from the last 90 days, and none in the future', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.option(fc.integer({ min: 0, max: 89 })),
        (seed, days) => {
          const p = generatePopulation({ seed, now: NOW, devices: 12, days, fraudShare: 0.5 });
          for (const device of p.devices) {
            const steps = planTimeline(device);
            const events = steps.flatMap((s) =>
              s.kind === 'events' ? ingestionBodies(device, s.events) : [],
            );
            for (const body of events) {
              if (body.events.length > MAX_EVENTS_PER_BATCH) return false;
              for (const e of body.events) {
                const ts = typeof e.ts === 'number' ? e.ts : Date.parse(e.ts);
                if (ts > NOW || NOW - ts > 90 * DAY_MS) return false;
              }
            }
          }
          return true;
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('planTimeline', () => {
  it('sends every event once, each assessment after the events that precede it', () => {
    for (const device of population().devices.slice(0, 80)) {
      const steps = planTimeline(device);
      expect(steps[0]!.kind).toBe('events');
      const sent = steps.flatMap((s) => (s.kind === 'events' ? s.events : []));
      expect(sent).toEqual(device.events);
      let lastEventTs = -Infinity;
      let lastActionTs = -Infinity;
      for (const step of steps) {
        if (step.kind === 'events') {
          for (const e of step.events) expect(e.ts).toBeGreaterThan(lastActionTs);
          lastEventTs = step.events.at(-1)?.ts ?? lastEventTs;
        } else {
          expect(step.ts).toBeGreaterThanOrEqual(lastEventTs);
          lastActionTs = step.ts;
        }
      }
      expect(steps.filter((s) => s.kind === 'transaction')).toHaveLength(device.payments.length);
      expect(steps.filter((s) => s.kind === 'signup')).toHaveLength(device.declaredAddress ? 1 : 0);
    }
  });
});

describe('transactionBody', () => {
  it('has the shape of the transactions endpoint', () => {
    const device = population().devices.find((d) => d.payments.some((p) => p.kind === 'payment'))!;
    const index = device.payments.findIndex((p) => p.kind === 'payment');
    const body = transactionBody(device, device.payments[index]!, index);
    expect(body).toMatchObject({
      installation_id: device.installationId,
      account_id: device.accountId,
      type: 'payment',
    });
    expect(body.payment_value?.currency).toMatch(/^(BRL|USD)$/);
    const method = body.payment_methods![0]!;
    const info = (method.credit_card_info ?? method.debit_card_info) as Record<string, string>;
    expect(Object.keys(info).sort()).toEqual(['bin', 'expiry_month', 'expiry_year', 'last_four_digits']);
    expect(
      body.addresses?.every((a) => a.structured_address || a.address_coordinates || a.address_line),
    ).toBe(true);
  });
});
