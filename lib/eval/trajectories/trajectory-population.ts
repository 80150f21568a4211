import { HONEST_DEVICE_FLAGS } from '../../sim/generate-device-info';
import { generateIdentity } from '../../sim/generate-ids';
import { destinationPoint, haversineMeters, roundCoordinates } from '../../sim/geo';
import { createRandom, type Random } from '../../sim/random';
import { timeZoneAt } from '../../sim/time-zone';
import type {
  DeviceInfo,
  LatLng,
  Population,
  SimEvent,
  SimulatedDevice,
  WorldFraudScenario,
} from '../../sim/types';
import { mostVisitedPlace } from '../../sim/world/most-visited-place';
import { fitWindow, thin } from './fit-window';
import type { TrajectorySet } from './read-trajectories';
import type { TrajectoryPoint } from './trajectory-point';

const HOUR_MS = 3_600_000;
export const AT_PLACE_M = 200;

/** Stolen addresses at these distances from the person's most visited place, a quarter each. */
const STOLEN: [WorldFraudScenario, [number, number]][] = [
  ['remote_signup_neighbour', [500, 1_000]],
  ['remote_signup_2km', [1_000, 5_000]],
  ['remote_signup_20km', [5_000, 50_000]],
  ['remote_signup_far', [100_000, 500_000]],
];

/** A phone that says nothing about itself: flags off, as a research logger's data would be sent. */
const LOGGER: DeviceInfo = {
  model: 'trajectory',
  os: 'android',
  os_version: '',
  app_version: '',
  ...HONEST_DEVICE_FLAGS,
};

export interface TrajectoryPopulationOptions {
  now: number;
  seed: string;
  /** Keep a fix only every this many seconds (0: all). */
  minIntervalS: number;
}

function toEvents(points: readonly TrajectoryPoint[]): SimEvent[] {
  return points.map((p) => ({
    ts: p.ts,
    lat: p.lat,
    lng: p.lng,
    accuracy_m: p.accuracyM,
    source: 'gps' as const,
    mock: false,
    ...(p.altitudeM === null ? {} : { altitude_m: p.altitudeM }),
  }));
}

function signupDevice(
  random: Random,
  person: string,
  events: SimEvent[],
  place: LatLng,
  declared: LatLng,
  o: TrajectoryPopulationOptions,
  scenario: 'honest' | WorldFraudScenario,
): SimulatedDevice {
  const signupAt = o.now - 20 * HOUR_MS;
  const last = events.at(-1)!;
  return {
    ...generateIdentity(random),
    device: LOGGER,
    events,
    declaredAddress: { address_coordinates: roundCoordinates(declared) },
    signupAt,
    scenario,
    label: scenario === 'honest' ? 'honest' : 'fraud',
    payments: [],
    feedback: [],
    truth: { home: place, work: null, leisure: [], declaredDistanceM: haversineMeters(place, declared) },
    phase: 0,
    // The whole history is uploaded before the signup, as an evaluator replaying a file would.
    uploads: [{ at: signupAt - 10_000, events, tsStyle: 'iso_utc' }],
    traits: { world: 'trajectories', life: person, phone: 'logger', app: 'logger', zone: timeZoneAt(place) },
    signupAtHome: haversineMeters(last, declared) <= AT_PLACE_M,
  };
}

/**
 * External trajectories as a population to assess, the way the study of real trajectories was built: each
 * person signs up twice on their own fixes — honestly at their most visited place, and as a fraudster
 * with an address 0.5 km to 500 km from it — after their whole history, moved into the last 84 days by
 * whole weeks (fit-window.ts).
 */
export function trajectoryPopulation(set: TrajectorySet, o: TrajectoryPopulationOptions): Population {
  const devices: SimulatedDevice[] = [];
  for (const person of [...set.people.keys()].sort()) {
    const points = fitWindow(thin(set.people.get(person)!, o.minIntervalS), o.now);
    const events = toEvents(points);
    const place = mostVisitedPlace(events);
    if (!place) continue;
    const random = createRandom(`${o.seed}/${person}`);
    const [scenario, [min, max]] = random.pick(STOLEN);
    const stolen = destinationPoint(place, random.float(0, 360), random.float(min, max));
    devices.push(signupDevice(random, person, events, place, place, o, 'honest'));
    devices.push(signupDevice(random, person, events, place, stolen, o, scenario));
  }
  return { seed: o.seed, now: o.now, devices };
}
