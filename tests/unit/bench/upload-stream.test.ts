import { describe, expect, it } from 'vitest';
import { endpointLoads, LOCUS_PATHS } from '../../../lib/bench/bench-endpoints';

interface Upload {
  installation_id: string;
  events: { ts: string }[];
}

describe('the bench ingestion load', () => {
  it('uploads each installation’s fixes once, every batch later than the ones before, none in the future', () => {
    const load = endpointLoads(10, LOCUS_PATHS, null).ingestion;
    const last = new Map<string, number>();
    for (let n = 0; n < 48; n++) {
      const upload = JSON.parse(load.nextBody()) as Upload;
      const times = upload.events.map((e) => Date.parse(e.ts));
      expect(times).toHaveLength(load.eventsPerRequest);
      expect(Math.min(...times)).toBeGreaterThan(last.get(upload.installation_id) ?? 0);
      expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
      last.set(upload.installation_id, Math.max(...times));
    }
    expect(last.size).toBe(16);
  });
});
