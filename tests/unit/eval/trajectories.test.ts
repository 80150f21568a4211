import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assessPopulation } from '../../../lib/eval/assess-population';
import { fitWindow } from '../../../lib/eval/trajectories/fit-window';
import { readPlt } from '../../../lib/eval/trajectories/read-plt';
import { readTrajectories } from '../../../lib/eval/trajectories/read-trajectories';
import { trajectoryPopulation } from '../../../lib/eval/trajectories/trajectory-population';
import { haversineMeters } from '../../../lib/sim/geo';
import type { SimEvent } from '../../../lib/sim/types';
import { generateWorld } from '../../../lib/sim/world/generate-world';
import { worldNamed } from '../../../lib/sim/world/worlds';

const NOW = Date.UTC(2026, 3, 10, 12);
const DAY_MS = 86_400_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locus-trajectories-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A fix as GeoLife writes it, with its dates moved back to 2008 by whole weeks. */
function pltLine(e: SimEvent): string {
  const ts = e.ts - 18 * 52 * 7 * DAY_MS;
  const iso = new Date(ts).toISOString();
  return `${e.lat},${e.lng},0,165,${(ts / DAY_MS + 25569).toFixed(10)},${iso.slice(0, 10)},${iso.slice(11, 19)}`;
}

const HEADER =
  'Geolife trajectory\nWGS 84\nAltitude is in Feet\nReserved 3\n0,2,255,My Track,0,0,2,8421376\n0\n';

/** A tiny GeoLife-layout fixture made from simulated loggers: <dir>/<person>/Trajectory/<n>.plt, and one CSV. */
function writeFixture(): SimEvent[][] {
  const loggers = generateWorld(worldNamed('trajectory_study'), { seed: 'fixture', now: NOW, devices: 10 })
    .devices.filter((d) => d.label === 'honest' && d.events.length > 200)
    .slice(0, 3)
    .map((d) => d.events.filter((_, i) => i % 10 === 0));
  loggers.slice(0, 2).forEach((events, p) => {
    const folder = path.join(dir, String(p).padStart(3, '0'), 'Trajectory');
    fs.mkdirSync(folder, { recursive: true });
    const half = Math.floor(events.length / 2);
    fs.writeFileSync(path.join(folder, 'a.plt'), HEADER + events.slice(0, half).map(pltLine).join('\r\n'));
    fs.writeFileSync(
      path.join(folder, 'b.plt'),
      HEADER + events.slice(half).map(pltLine).join('\r\n') + '\r\nbroken,line\r\n',
    );
  });
  const csv = [
    'user,timestamp,latitude,longitude,accuracy_m',
    ...loggers[2]!.map((e) => `p3,${e.ts / 1000},${e.lat},${e.lng},12`),
  ];
  fs.writeFileSync(path.join(dir, 'more.csv'), csv.join('\n'));
  return loggers;
}

describe('external trajectories', { timeout: 300_000 }, () => {
  const loggers = writeFixture();

  it('reads GeoLife .plt: six header lines, then lat, lng, 0, feet, days, date, time in GMT', () => {
    const { points, skipped } = readPlt(
      `${HEADER}39.984702,116.318417,0,492,39744.1201851852,2008-10-23,02:53:04\n-777,x\n`,
    );
    expect(points).toEqual([
      {
        ts: Date.UTC(2008, 9, 23, 2, 53, 4),
        lat: 39.984702,
        lng: 116.318417,
        accuracyM: null,
        altitudeM: 150,
      },
    ]);
    expect(skipped).toBe(1);
  });

  it('finds each person in a GeoLife folder tree and in CSV rows, fixes sorted', () => {
    const set = readTrajectories(dir);
    expect([...set.people.keys()].sort()).toEqual(['000', '001', 'p3']);
    expect(set.files).toBe(5);
    expect(set.skipped).toBe(2);
    expect(set.people.get('000')).toHaveLength(loggers[0]!.length);
    expect(set.people.get('p3')![0]!.accuracyM).toBe(12);
    for (const points of set.people.values())
      expect(points.every((p, i) => i === 0 || p.ts >= points[i - 1]!.ts)).toBe(true);
  });

  it('moves years-old fixes into the last weeks by whole weeks: same weekday, same time of day', () => {
    const old = readTrajectories(dir).people.get('000')!;
    const fitted = fitWindow(old, NOW);
    expect(fitted.at(-1)!.ts).toBeLessThanOrEqual(NOW - DAY_MS);
    expect(fitted.at(-1)!.ts).toBeGreaterThan(NOW - 8 * DAY_MS);
    expect(fitted[0]!.ts).toBeGreaterThan(NOW - 85 * DAY_MS);
    const shift = old.at(-1)!.ts - fitted.at(-1)!.ts;
    expect(Math.abs(shift % (7 * DAY_MS))).toBe(0);
  });

  it('signs each person up twice, at their most visited place and 0.5 km or more from it, and assesses both', async () => {
    const population = trajectoryPopulation(readTrajectories(dir), { now: NOW, seed: 't', minIntervalS: 0 });
    expect(population.devices).toHaveLength(6);
    for (const d of population.devices) {
      const declared = d.declaredAddress!.address_coordinates!;
      const distance = haversineMeters(declared, d.truth.home!);
      if (d.label === 'honest') expect(distance).toBeLessThan(1);
      else expect(distance).toBeGreaterThanOrEqual(500);
    }
    const refused: string[] = [];
    const rows = await assessPopulation(population, { onRejected: (e) => refused.push(e) });
    expect(refused).toEqual([]);
    expect(rows.map((r) => r.label).sort()).toEqual([
      'fraud',
      'fraud',
      'fraud',
      'honest',
      'honest',
      'honest',
    ]);
    expect(rows.every((r) => r.daysOfData >= 1)).toBe(true);
  });
});
