import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyFingerprint, updateFingerprint } from '../../../lib/domain/fingerprint/location-fingerprint';
import { parseSdkEvent } from '../../../lib/usecases/parse-sdk-event';
import { TEST_ENGINES } from '../engines';
import { eventsAround, startTestApi, type TestApi } from '../test-api';

/**
 * Ingestion keeps the fingerprint it has just stored, parsed (parsed-fingerprints.ts): the next batch
 * of the installation folds into it without parsing the stored text again, and the result is the
 * fingerprint of all the events, as if folded from the start.
 */
const HOME = { lat: -23.5614, lng: -46.6559 };

describe.each(TEST_ENGINES)('the fingerprint between batches on %s', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(engine);
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  const storedText = async (installationId: string) =>
    (
      await t.runtime.db
        .selectFrom('location_fingerprints')
        .select('fingerprint')
        .where('tenant_id', '=', t.tenant.tenant_id)
        .where('installation_id', '=', installationId)
        .executeTakeFirstOrThrow()
    ).fingerprint;

  it('folds the next batch into the stored fingerprint without parsing it again', async () => {
    const now = t.clock.now();
    const events = eventsAround(HOME, 60, now, 4).sort((a, b) => a.ts - b.ts);
    expect((await t.ingest('reuse-phone', { events: events.slice(0, 30) })).statusCode).toBe(202);
    const first = await storedText('reuse-phone');
    const parse = vi.spyOn(JSON, 'parse');
    expect((await t.ingest('reuse-phone', { events: events.slice(30) })).statusCode).toBe(202);
    expect(parse.mock.calls.filter(([text]) => text === first)).toEqual([]);
    parse.mockRestore();
    const folded = updateFingerprint(
      emptyFingerprint(),
      events.map((e) => {
        const parsed = parseSdkEvent(e, now);
        if (!parsed.ok) throw new Error(parsed.error);
        return parsed.event;
      }),
    );
    expect(JSON.parse(await storedText('reuse-phone'))).toEqual(JSON.parse(JSON.stringify(folded)));
  });

  const parse = (events: ReturnType<typeof eventsAround>, now: number) =>
    events.map((e) => {
      const parsed = parseSdkEvent(e, now);
      if (!parsed.ok) throw new Error(parsed.error);
      return parsed.event;
    });

  const storeDirectly = async (installationId: string, fingerprint: string, revision: string | null) =>
    t.runtime.db
      .updateTable('location_fingerprints')
      .set({ fingerprint, revision })
      .where('tenant_id', '=', t.tenant.tenant_id)
      .where('installation_id', '=', installationId)
      .execute();

  it('folds into what another writer stored since, and into a row stored before revisions', async () => {
    const now = t.clock.now();
    const events = eventsAround(HOME, 60, now, 4).sort((a, b) => a.ts - b.ts);
    expect((await t.ingest('shared-phone', { events: events.slice(0, 20) })).statusCode).toBe(202);
    // Another process folded other fixes meanwhile: its write has a revision of its own.
    const elsewhere = updateFingerprint(emptyFingerprint(), parse(events.slice(0, 40), now));
    await storeDirectly('shared-phone', JSON.stringify(elsewhere), 'another-process.0');
    expect((await t.ingest('shared-phone', { events: events.slice(40, 50) })).statusCode).toBe(202);
    const both = updateFingerprint(elsewhere, parse(events.slice(40, 50), now));
    expect(JSON.parse(await storedText('shared-phone'))).toEqual(JSON.parse(JSON.stringify(both)));
    // A row from before migration 0641 has no revision: its text is read.
    await storeDirectly('shared-phone', JSON.stringify(elsewhere), null);
    expect((await t.ingest('shared-phone', { events: events.slice(50) })).statusCode).toBe(202);
    const legacy = updateFingerprint(elsewhere, parse(events.slice(50), now));
    expect(JSON.parse(await storedText('shared-phone'))).toEqual(JSON.parse(JSON.stringify(legacy)));
  });
});
