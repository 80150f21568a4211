import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_CACHE_MS } from '../../../lib/runtime/app-key-cache';
import { TEST_ENGINES } from '../engines';
import { DEVICE, startTestApi, type TestApi } from '../test-api';

describe.each(TEST_ENGINES)('SDK app keys, cached, on %s', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(engine);
  });
  afterAll(() => t.close());

  it('a revoked app key stops working within the documented seconds', async () => {
    expect((await t.ingest('rev-1', { device: DEVICE, events: [] })).statusCode).toBe(202);
    await t.runtime.db
      .updateTable('app_keys')
      .set({ revoked_at: t.clock.now() })
      .where('key', '=', t.tenant.app_key)
      .execute();
    t.clock.advance(APP_KEY_CACHE_MS);
    expect((await t.ingest('rev-1', { device: DEVICE, events: [] })).statusCode).toBe(401);
    const unknown = await t.api.inject({
      method: 'POST',
      url: '/api/v2/sdk/events',
      headers: { 'x-app-key': 'ak_unknown', 'content-type': 'application/json' },
      payload: JSON.stringify({ installation_id: 'rev-2', events: [] }),
    });
    expect(unknown.statusCode).toBe(401);
  });
});
