import { describe, expect, it } from 'vitest';
import { adaptEvidence } from '../../../lib/console-api/adapt-evidence';

describe('adaptEvidence: an in-store payment', () => {
  it('says in words whether the device was at the store and how far, not the raw JSON', () => {
    const away = adaptEvidence({
      store: { store_id: 'store-2', distance_to_store: 9_883_821.3, device_at_store: false },
    });
    expect(away).toEqual([expect.objectContaining({ label: 'In-store payment', tone: 'bad' })]);
    expect(away[0]?.value).toMatch(/^store store-2: device not at the store \(9,88\d(\.\d)? km/);
    const there = adaptEvidence({ store: { store_id: 's1', distance_to_store: 12, device_at_store: true } });
    expect(there[0]).toMatchObject({ value: 'store s1: device at the store (12 m away)', tone: 'good' });
  });
});
