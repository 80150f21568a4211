import { offsetMeters, roundCoordinates } from './geo';
import type { Random } from './random';
import type { LatLng, SimEvent } from './types';

export interface SpoofPlan {
  /** Where the fake GPS says the device is. */
  target: LatLng;
  /** Spoofing sessions, [from, to] epoch ms. */
  sessions: [number, number][];
  /** Whether the OS marks the fake fixes as mock locations (rooted phones hide it). */
  markMock: boolean;
  /** Metres of jitter around the target (default 1); 0 puts every fix exactly on it. */
  jitterM?: number;
}

/**
 * A GPS-spoofing app replaces GPS and fused fixes with the target during its sessions, almost without noise and
 * with a fixed accuracy; wifi and cell fixes keep telling the truth. The result teleports between the two places.
 */
export function spoofLocations(random: Random, events: readonly SimEvent[], plan: SpoofPlan): SimEvent[] {
  const accuracy = random.pick([3, 5, 10]);
  return events.map((event) => {
    const spoofed = plan.sessions.some(([from, to]) => event.ts >= from && event.ts <= to);
    if (!spoofed || event.source === 'wifi' || event.source === 'cell') return event;
    const jitter = plan.jitterM ?? 1;
    const p =
      jitter === 0
        ? roundCoordinates(plan.target)
        : roundCoordinates(
            offsetMeters(plan.target, random.float(-jitter, jitter), random.float(-jitter, jitter)),
          );
    return { ...event, lat: p.lat, lng: p.lng, accuracy_m: accuracy, source: 'gps', mock: plan.markMock };
  });
}
