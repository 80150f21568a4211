import { describe, expect, it } from 'vitest';
import { emptyFingerprint, updateFingerprint } from '../../../lib/domain/fingerprint/location-fingerprint';
import { fakedSignal, signalIntegrity } from '../../../lib/domain/fingerprint/signal-integrity';
import type { LocationEvent } from '../../../lib/domain/location';
import { commuter, DAY, HOME, HOUR, livedDays, MINUTE, offset, seeded, T0, WORK } from './trajectories';

const integrityOf = (events: LocationEvent[]) =>
  signalIntegrity(updateFingerprint(emptyFingerprint(), events));

describe('signal integrity', () => {
  it('finds nothing wrong with a real phone, nor with a GPS logger that records on the move', () => {
    const phone = integrityOf(livedDays(14, commuter, 3));
    expect(phone).toMatchObject({
      metronome: false,
      fewAccuracies: false,
      frozen: false,
      syntheticSignals: 0,
    });
    expect(fakedSignal(phone)).toBe(false);
    // A logger: a fix every 1–5 s to the whole second, no accuracy, trips between home and work.
    const rand = seeded(4);
    const logger: LocationEvent[] = [];
    for (let day = 0; day < 10; day += 1) {
      for (const [from, to, start] of [
        [HOME, WORK, 8.5],
        [WORK, HOME, 18.2],
      ] as const) {
        let ts = Math.round((T0 + day * DAY + start * HOUR) / 1_000) * 1_000;
        for (let f = 0; f <= 1; f += 0.002) {
          const p = { lat: from.lat + (to.lat - from.lat) * f, lng: from.lng + (to.lng - from.lng) * f };
          logger.push({
            ...offset(p, rand() * 6, rand() * 6),
            ts,
            accuracyM: null,
            source: 'gps',
            mock: false,
          });
          ts += (1 + Math.floor(rand() * 5)) * 1_000;
        }
      }
    }
    const si = integrityOf(logger);
    expect(si.fewAccuracies).toBeNull();
    expect(si.syntheticSignals).toBe(0);
    expect(si.jumps).toBe(0);
    expect(fakedSignal(si)).toBe(false);
  });

  it('recognises a script: metronome timing, one accuracy value, coordinates that never move', () => {
    const script = Array.from({ length: 60 }, (_, i) => ({
      ...HOME,
      ts: T0 + i * 5 * MINUTE,
      accuracyM: 5,
      source: 'gps' as const,
      mock: false,
    }));
    const si = integrityOf(script);
    expect(si).toMatchObject({ metronome: true, fewAccuracies: true, frozen: true, syntheticSignals: 3 });
    expect(fakedSignal(si)).toBe(true);
    // Any two of them can happen to a real phone (an iPhone on home wifi): not a rule on their own.
    const jittered = script.map((e, i) => ({ ...e, ts: e.ts + ((i * 7919) % 20_000) }));
    expect(fakedSignal(integrityOf(jittered))).toBe(false);
  });

  it('reads the optional fields when the SDK sends them: clocks, radios, altitude', () => {
    const rand = seeded(9);
    const base = livedDays(4, commuter, 5);
    let elapsed = 5_000_000;
    const honest = base.map((e, i) => {
      elapsed += i === 0 ? 0 : e.ts - (base[i - 1] as LocationEvent).ts;
      return {
        ...e,
        elapsedRealtimeMs: elapsed,
        wifiNetworks: 4,
        cellNetworks: 2,
        altitudeM: 760 + rand() * 10,
      };
    });
    expect(integrityOf(honest)).toMatchObject({
      clockDrift: false,
      silentRadios: false,
      syntheticSignals: 0,
    });
    // Times rewritten by a replay tool (the monotonic clock ticks 1 s a fix), no radio, altitude 0.
    const forged = base.map((e, i) => ({
      ...e,
      source: 'gps' as const,
      elapsedRealtimeMs: 1_000 * (i + 1),
      wifiNetworks: 0,
      cellNetworks: 0,
      altitudeM: 0,
    }));
    const si = integrityOf(forged);
    expect(si).toMatchObject({ clockDrift: true, silentRadios: true, zeroAltitude: true });
    expect(fakedSignal(si)).toBe(true);
  });

  it('finds no source conflict in a courier whose GPS and wifi fixes minutes apart are kilometres apart', () => {
    // Rounds across the city all day, a fix every 2–6 min, 25 km/h between drops.
    const rand = seeded(9);
    const rounds: LocationEvent[] = [];
    for (let day = 0; day < 7; day += 1) {
      let ts = T0 + day * DAY + 9 * HOUR;
      let p = HOME;
      while (ts < T0 + day * DAY + 18 * HOUR) {
        const dt = (2 + rand() * 4) * MINUTE;
        const step = (7 * dt) / 1_000;
        const angle = rand() * 2 * Math.PI;
        p = offset(p, step * Math.cos(angle), step * Math.sin(angle));
        const source = rand() < 0.5 ? ('wifi' as const) : ('gps' as const);
        const accuracyM = Math.round(5 + rand() * 30);
        rounds.push({
          ...offset(p, rand() * accuracyM, rand() * accuracyM),
          ts,
          accuracyM,
          source,
          mock: false,
        });
        ts += Math.round(dt);
      }
    }
    const si = integrityOf(rounds);
    // No agreeing fixes on both sides of a far one (null: nothing to compare) or no conflict among them.
    expect(si.sourceConflictShare ?? 0).toBe(0);
    expect(fakedSignal(si)).toBe(false);
  });

  it('finds no faked source in a GPS-only logger whose rare wifi fixes are wrong positions kilometres away', () => {
    // A fix every 1–5 s for weeks at home, and about one in 300 a wifi position from a stale database,
    // 2–40 km off with an ordinary accuracy: each one sits between two agreeing GPS fixes.
    const rand = seeded(21);
    const logger: LocationEvent[] = [];
    let ts = T0;
    for (let i = 0; i < 6_000; i += 1) {
      const wrong = i % 300 === 150;
      const at = wrong
        ? offset(HOME, 2_000 + rand() * 38_000, rand() * 5_000)
        : offset(HOME, rand() * 8, rand() * 8);
      logger.push({ ...at, ts, accuracyM: wrong ? 30 : 8, source: wrong ? 'wifi' : 'gps', mock: false });
      ts += (1 + Math.floor(rand() * 5)) * 1_000 + (i % 600 === 599 ? 6 * HOUR : 0);
    }
    const si = integrityOf(logger);
    expect(si.sourceConflictShare).toBeNull();
    expect(fakedSignal(si)).toBe(false);
  });

  it('catches a faked GPS that disagrees with the wifi fixes taken beside it', () => {
    // GPS and wifi fixes minutes apart, 18 km from each other, back and forth: no car does that.
    const victim = offset(HOME, 15_000, 10_000);
    const real = livedDays(2, () => [{ at: HOME, from: 0, to: 24, every: [1, 3] }], 6);
    const spoofed = real.map((e, i) =>
      i % 2 === 0 ? { ...e, ...victim, source: 'gps' as const } : { ...e, source: 'wifi' as const },
    );
    const si = integrityOf(spoofed);
    expect(si.sourceConflictShare).toBeGreaterThan(0.9);
    expect(fakedSignal(si)).toBe(true);
    expect(integrityOf(real).sourceConflictShare).toBe(0);
  });

  it('sees a spoofing app switched on after weeks of real history, within a day of fixes', () => {
    const real = livedDays(21, commuter, 8).map((e) => ({ ...e, altitudeM: 760 + (e.ts % 7) }));
    const victim = offset(HOME, 3_000, -2_000);
    const last = real.at(-1)?.ts ?? T0;
    // The phone keeps its own cadence; every fix is now the fake provider's, parked on the victim's address.
    const fake: LocationEvent[] = Array.from({ length: 50 }, (_, i) => ({
      ...victim,
      ts: last + (i + 1) * 20 * MINUTE + ((i * 7_919) % 600_000),
      accuracyM: 5,
      source: 'gps',
      mock: false,
      altitudeM: 0,
    }));
    expect(fakedSignal(integrityOf(real))).toBe(false);
    const si = integrityOf([...real, ...fake]);
    expect(si).toMatchObject({ fewAccuracies: true, frozen: true, zeroAltitude: true, oneSource: true });
    expect(fakedSignal(si)).toBe(true);
  });
});
