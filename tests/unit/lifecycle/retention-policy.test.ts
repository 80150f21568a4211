import { describe, expect, it } from 'vitest';
import { partitionDays } from '../../../lib/db/retention/event-partitions';
import { DEFAULT_RETENTION, retentionPolicyFromEnv } from '../../../lib/jobs/retention-policy';

describe('retention policy', () => {
  it('defaults to a 30-day window for raw events and documented lifetimes for the rest', () => {
    expect(retentionPolicyFromEnv({})).toEqual(DEFAULT_RETENTION);
    expect(DEFAULT_RETENTION).toMatchObject({ eventDays: 30, jobDays: 7, webhookDays: 90, auditDays: 730 });
  });

  it('reads each variable and refuses what is not a whole number of days', () => {
    expect(
      retentionPolicyFromEnv({ LOCUS_RETENTION_EVENT_DAYS: '14', LOCUS_RETENTION_AUDIT_DAYS: '0' }),
    ).toMatchObject({ eventDays: 14, auditDays: 0 });
    expect(retentionPolicyFromEnv({ LOCUS_RETENTION_INTERVAL_MINUTES: '15' }).intervalMs).toBe(900_000);
    expect(() => retentionPolicyFromEnv({ LOCUS_RETENTION_EVENT_DAYS: '0' })).toThrow(
      /LOCUS_RETENTION_EVENT_DAYS/,
    );
    expect(() => retentionPolicyFromEnv({ LOCUS_RETENTION_EVENT_DAYS: '2.5' })).toThrow(/whole number/);
  });

  it('spans a window with about 30 partitions of whole days', () => {
    expect(partitionDays(30)).toBe(1);
    expect(partitionDays(7)).toBe(1);
    expect(partitionDays(90)).toBe(3);
    expect(partitionDays(365)).toBe(13);
    expect(partitionDays(10_000)).toBe(31);
  });
});
