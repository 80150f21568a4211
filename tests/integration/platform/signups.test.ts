import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../engines';
import { DEVICE, eventsAround, startTestApi, type TestApi } from '../test-api';

const HOME = { lat: -23.5614, lng: -46.6559 };
// ~30 km north of HOME.
const FAR = { lat: HOME.lat + 0.27, lng: HOME.lng };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(TEST_ENGINES)('signups on %s', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(engine);
    await t.ingest('at-home', { device: DEVICE, events: eventsAround(HOME, 40, t.clock.now()) });
    await t.ingest('far-away', { device: DEVICE, events: eventsAround(FAR, 40, t.clock.now()) });
    await t.ingest('no-events-yet', { device: DEVICE, events: [] });
  });
  afterAll(() => t.close());

  it('answers a text 404 for an installation the SDK never reported', async () => {
    const reply = await t.request('POST', '/api/v2/onboarding/signups', { installation_id: 'never-seen' });
    expect(reply.statusCode).toBe(404);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    expect(reply.body).toMatch(/SDK integration/);
  });

  it('answers an empty 400 for a missing or invalid installation_id', async () => {
    for (const body of [{}, { installation_id: 42 }, { installation_id: '' }]) {
      const reply = await t.request('POST', '/api/v2/onboarding/signups', body);
      expect(reply.statusCode).toBe(400);
      expect(reply.body).toBe('');
    }
  });

  it('verifies a device that lives at the declared coordinates', async () => {
    const reply = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: 'at-home',
      address_line: 'Av. Paulista, 1578, São Paulo, SP',
      address_coordinates: HOME,
    });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.id).toMatch(UUID);
    expect(body.request_id).toMatch(UUID);
    expect(body.risk_assessment).toBe('low_risk');
    expect(body.evidence.location_events_quantity).toBe(40);
    expect(body.evidence.location_events_near_address).toBeGreaterThanOrEqual(35);
    expect(body.evidence.distance_from_nearest_location_to_declared_address).toBeLessThan(10);
    expect(body.evidence.distance_from_last_location_to_declared_address).toBeLessThan(10);
    expect(body.evidence.geocode_quality).toBe('good');
    expect(body.evidence.device_model).toBe('Pixel 8');
    expect(body.evidence.activity_evidence.first_known_address_activity).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('does not pass a device whose life is 30 km from the declared address', async () => {
    const reply = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: 'far-away',
      address_coordinates: HOME,
    });
    const body = reply.json();
    expect(body.risk_assessment).not.toBe('low_risk');
    expect(body.evidence.location_events_near_address).toBe(0);
    expect(body.evidence.distance_from_nearest_location_to_declared_address).toBeGreaterThan(28_000);
    expect(body.evidence.distance_from_nearest_location_to_declared_address).toBeLessThan(32_000);
  });

  it('keeps a known device without locations at unknown_risk', async () => {
    const reply = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: 'no-events-yet',
      address_coordinates: HOME,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().risk_assessment).toBe('unknown_risk');
  });

  it('accepts explicit nulls, empty lines and unknown fields (Go and Python clients)', async () => {
    const reply = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: 'at-home',
      address_line: '',
      structured_address: null,
      address_coordinates: null,
      some_future_field: { x: 1 },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().risk_assessment).toBe('unknown_risk');
  });

  it('returns the latest assessment as JSON on GET, even with a JSON content type and no body (Node)', async () => {
    const created = (
      await t.request('POST', '/api/v2/onboarding/signups', {
        installation_id: 'at-home',
        address_coordinates: HOME,
      })
    ).json();
    const reply = await t.request('GET', `/api/v2/onboarding/signups/${created.id}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/application\/json/);
    expect(reply.json()).toEqual(created);
  });

  it('answers a text 404 for an unknown signup id', async () => {
    const reply = await t.request('GET', '/api/v2/onboarding/signups/00000000-0000-4000-8000-000000000000');
    expect(reply.statusCode).toBe(404);
    expect(reply.body).toMatch(/could not be found/);
  });

  it('reassesses on PUT with the new address', async () => {
    const created = (
      await t.request('POST', '/api/v2/onboarding/signups', {
        installation_id: 'at-home',
        address_coordinates: FAR,
      })
    ).json();
    expect(created.risk_assessment).not.toBe('low_risk');
    const reply = await t.request('PUT', `/api/v2/onboarding/signups/${created.id}`, {
      installation_id: 'at-home',
      address_coordinates: HOME,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().risk_assessment).toBe('low_risk');
    expect((await t.request('GET', `/api/v2/onboarding/signups/${created.id}`)).json().risk_assessment).toBe(
      'low_risk',
    );
  });

  it('accepts a request_token instead of installation_id, and rejects a forged one as unknown', async () => {
    const ingest = (await t.ingest('at-home', { events: [] })).json();
    const ok = await t.request('POST', '/api/v2/onboarding/signups', {
      request_token: ingest.request_token,
      address_coordinates: HOME,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().risk_assessment).toBe('low_risk');
    const forged = await t.request('POST', '/api/v2/onboarding/signups', {
      request_token: `${ingest.request_token}x`,
    });
    expect(forged.statusCode).toBe(404);
    const mismatch = await t.request('POST', '/api/v2/onboarding/signups', {
      installation_id: 'far-away',
      request_token: ingest.request_token,
    });
    expect(mismatch.statusCode).toBe(400);
  });
});
