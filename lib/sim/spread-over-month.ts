import type { Random } from './random';
import type { SimEvent, SimulatedDevice } from './types';

const DAY_MS = 86_400_000;

const shiftEvents = (events: readonly SimEvent[], by: number) => events.map((e) => ({ ...e, ts: e.ts - by }));

/** The same device living `by` ms earlier: every event, request and report moved together. */
export function shiftDevice(device: SimulatedDevice, by: number): SimulatedDevice {
  return {
    ...device,
    events: shiftEvents(device.events, by),
    signupAt: device.signupAt === null ? null : device.signupAt - by,
    payments: device.payments.map((p) => ({ ...p, ts: p.ts - by })),
    feedback: device.feedback.map((f) => ({ ...f, ts: f.ts - by })),
    ...(device.uploads
      ? { uploads: device.uploads.map((u) => ({ ...u, at: u.at - by, events: shiftEvents(u.events, by) })) }
      : {}),
  };
}

/**
 * A population simulated over its last `historyDays` (a week of history, then a signup and payments)
 * spread over `days`: each device lives its week somewhere in the month, so the demo's charts have a
 * month of days and its queue cases of every age. Devices of phase 1 (takeovers) keep their victims'
 * order by moving with them: one offset per account.
 */
export function spreadOverMonth(
  devices: readonly SimulatedDevice[],
  days: number,
  historyDays: number,
  random: Random,
): SimulatedDevice[] {
  const offsets = new Map<string, number>();
  return devices.map((device) => {
    let by = offsets.get(device.accountId);
    if (by === undefined) {
      by = Math.round(random.next() * Math.max(0, days - historyDays) * DAY_MS);
      offsets.set(device.accountId, by);
    }
    return shiftDevice(device, by);
  });
}
