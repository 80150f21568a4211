import { describe, expect, it } from 'vitest';
import { StreetsQuerySchema, type StreetsQuery } from '../../../lib/contracts/console/map';
import { withMapContext } from '../../../lib/console-api/map-context';
import type { MapView } from '../../../lib/console-api/map-view';

/** A case's map: an address (or only a store) between two events `spanDeg` away on either side. */
function caseMap(at: { lat: number; lng: number }, spanDeg: number, withAddress: boolean): MapView {
  const place = { ...at, label: 'here' };
  return {
    address: withAddress ? place : null,
    store: withAddress ? null : place,
    events: [-spanDeg, spanDeg].map((d) => ({
      lat: at.lat + d,
      lng: at.lng + d,
      ts: 0,
      mock: false,
      accuracyM: 10,
      source: 'gps',
    })),
    eventsTotal: 2,
    places: [],
    lines: [],
    rings: [],
    current: null,
    streets: [],
    towns: [],
    land: null,
  };
}

/** Asks for streets as the API would answer it: the box judged by the API's own contract. */
function streetsApi(asked: StreetsQuery[]) {
  return {
    async streets(box: StreetsQuery) {
      const judged = StreetsQuerySchema.safeParse(box);
      if (!judged.success) throw new Error(judged.error.issues.map((i) => i.message).join('; '));
      asked.push(box);
      return { imported: true, streets: [] };
    },
  };
}

describe('withMapContext', () => {
  it('asks for the streets of a box the API accepts, around any centre of a case wider than the limit', async () => {
    const asked: StreetsQuery[] = [];
    // Centres where (c + 0.1) - (c - 0.1) is 0.2000000000000028 in floating point (the demo's stores hit them).
    const centres = [-63.89999999913357, -23.5614, 12.3457, 51.5007];
    for (const lat of centres)
      for (const lng of centres.map((c) => c * 2))
        for (const withAddress of [true, false])
          await withMapContext(streetsApi(asked), caseMap({ lat, lng }, 1.5, withAddress));
    expect(asked).toHaveLength(centres.length ** 2 * 2);
    // Cut around the address or store: within 0.2° a side, most of it.
    for (const box of asked) {
      expect(box.north - box.south).toBeGreaterThan(0.199);
      expect(box.east - box.west).toBeGreaterThan(0.199);
    }
  });

  it('keeps a narrow case whole', async () => {
    const asked: StreetsQuery[] = [];
    await withMapContext(streetsApi(asked), caseMap({ lat: -23.5614, lng: -46.6559 }, 0.01, true));
    expect(asked[0]!.north - asked[0]!.south).toBeCloseTo(2 * 0.01 + 2 * 0.005, 9);
  });
});
