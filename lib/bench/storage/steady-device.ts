import { offsetMeters } from '../../sim/geo';
import { createRandom, type Random } from '../../sim/random';

/** One SDK event as the ingestion route takes it. */
export interface WireEvent {
  ts: number;
  lat: number;
  lng: number;
  accuracy_m: number;
  source: 'gps' | 'wifi';
}

/**
 * A phone that reports at a fixed cadence all day, every day: nights at home, weekday office hours at
 * work, the rest near home. What matters to storage is a steady volume of ordinary fixes.
 */
export interface SteadyDevice {
  installationId: string;
  home: { lat: number; lng: number };
  /** The events of [from, to) (epoch ms), in time order. */
  eventsBetween(from: number, to: number): WireEvent[];
}

export function steadyDevice(index: number, eventsPerDay: number): SteadyDevice {
  const random = createRandom(`storage-device-${index}`);
  const home = offsetMeters(
    { lat: 52.52, lng: 13.405 },
    random.float(-8_000, 8_000),
    random.float(-8_000, 8_000),
  );
  const work = offsetMeters(home, random.float(-6_000, 6_000), random.float(-6_000, 6_000));
  const stepMs = 86_400_000 / eventsPerDay;
  return {
    installationId: `storage-${index}`,
    home,
    eventsBetween(from, to) {
      const events: WireEvent[] = [];
      for (let ts = Math.ceil(from / stepMs) * stepMs; ts < to; ts += stepMs) {
        events.push(fix(placeAt(ts, home, work), Math.round(ts), random));
      }
      return events;
    },
  };
}

function placeAt(ts: number, home: { lat: number; lng: number }, work: { lat: number; lng: number }) {
  const date = new Date(ts);
  const hour = date.getUTCHours();
  const weekday = date.getUTCDay() >= 1 && date.getUTCDay() <= 5;
  return weekday && hour >= 8 && hour < 17 ? work : home;
}

function fix(at: { lat: number; lng: number }, ts: number, random: Random): WireEvent {
  const p = offsetMeters(at, random.gaussian() * 15, random.gaussian() * 15);
  return {
    ts,
    lat: Math.round(p.lat * 1e6) / 1e6,
    lng: Math.round(p.lng * 1e6) / 1e6,
    accuracy_m: Math.round(random.float(5, 30)),
    source: random.chance(0.2) ? 'wifi' : 'gps',
  };
}
