import { chooseMoment } from '../../choose-moment';
import { generateIdentity } from '../../generate-ids';
import { haversineMeters } from '../../geo';
import type { SimEvent, SimulatedDevice } from '../../types';
import { finishWorldDevice } from '../finish-world-device';
import { livePerson } from '../live-person';
import { pickWeighted } from '../pick-weighted';
import { drawPerson, worldHistoryStart, worldSignupWindow, type WorldContext } from '../world-context';
import { worldPayments } from '../world-payments';
import { fakeFix, fakeSource } from './fake-track';
import { stealWorldAddress } from './steal-world-address';

const HOUR_MS = 3_600_000;

/**
 * A real person on a real phone (drawn like everybody's) runs a spoofing app to sit on a stolen address
 * from a while before the signup until now, sometimes also rehearsing the day before. The phone's own
 * cadence stays; the positions are the fake's. `gps_spoofing`: a simple app that fakes satellite fixes only
 * (wifi and cell fixes still tell the truth) and shows it — the SDK's `gps_spoofing` flag or `mock` marks.
 * `spoofing_hidden`: a rooted phone hiding everything — no flag, no mark, every source faked — parked,
 * scripted or replaying a walk.
 */
export function generateWorldSpoofer(ctx: WorldContext, hidden: boolean): SimulatedDevice {
  const { random, now } = ctx;
  const draw = drawPerson(ctx);
  const stolen = stealWorldAddress(ctx, random.chance(0.4) ? draw.city : undefined);
  const person = livePerson(ctx, draw, worldHistoryStart(ctx), now);
  const [windowFrom, windowTo] = worldSignupWindow(ctx);
  const lead = random.float(0.5, hidden ? 72 : 20) * HOUR_MS;
  const sessions: [number, number][] = [[windowFrom - lead, now]];
  if (random.chance(0.5)) sessions.push([windowFrom - 26 * HOUR_MS, windowFrom - 24 * HOUR_MS]);
  const flagged = !hidden && random.chance(0.5);
  const style = hidden ? pickWeighted(random, { parked: 0.4, scripted: 0.3, replay: 0.3 }) : 'parked';
  const fake = fakeSource(random, style, stolen.address.coordinates, draw.phone, {
    mock: !hidden && !flagged,
    emulator: false,
  });
  const events: SimEvent[] = person.events.map((e) => {
    const session = sessions.find(([a, b]) => e.ts >= a && e.ts <= b);
    if (!session || (!hidden && (e.source === 'wifi' || e.source === 'cell'))) return e;
    return fakeFix(random, fake, draw.phone, e.ts, session[0]);
  });
  const signup = chooseMoment(random, events, [windowFrom, windowTo], stolen.address.coordinates);
  const scenario = hidden ? 'spoofing_hidden' : 'gps_spoofing';
  const payments = worldPayments(ctx, {
    events,
    after: signup.ts,
    countryCode: stolen.city.countryCode,
    home: stolen.declared,
    shipping: stolen.declared,
    label: 'fraud',
    scenario,
  });
  return finishWorldDevice(ctx, {
    identity: generateIdentity(random),
    device: {
      ...draw.phone.device,
      gps_spoofing: flagged,
      ...(hidden ? { probable_root: draw.phone.device.probable_root } : {}),
    },
    events,
    app: draw.app,
    phone: draw.phone.kind,
    life: draw.life.name,
    zone: person.clock.zone,
    declaredAddress: stolen.declared,
    declaredPoint: stolen.address.coordinates,
    signupAt: signup.ts,
    payments,
    scenario,
    label: 'fraud',
    truth: {
      home: person.places.home,
      work: person.places.work,
      leisure: [...person.places.leisure],
      declaredDistanceM: haversineMeters(person.places.home, stolen.address.coordinates),
    },
    phase: 0,
    whereAt: (ts) => person.trajectory.whereAt(ts).point,
  });
}
