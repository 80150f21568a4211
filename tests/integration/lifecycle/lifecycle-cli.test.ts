// The operator's commands on an embedded database: retention status and a tenant's window, export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../../../lib/runtime/create-runtime';
import { freshDatabase, type TestDatabase } from '../engines';
import { eventsAround } from '../test-api';
import { locus } from './run-locus';

describe('lifecycle commands', () => {
  let database: TestDatabase;
  let env: Record<string, string>;
  let tenant: { client_id: string; app_key: string; tenant_id: string };
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    env = { DATABASE_URL: database.url };
    tenant = JSON.parse(await locus(['tenant', 'create', '--name', 'cli'], env));
  });
  afterAll(() => database.drop());

  it("sets a tenant's window and reports what each table keeps", async () => {
    const set = JSON.parse(
      await locus(['retention', 'set', '--client-id', tenant.client_id, '--event-days', '7'], env),
    );
    expect(set).toEqual({ tenant_id: tenant.tenant_id, event_days: 7 });
    await expect(
      locus(['retention', 'set', '--client-id', tenant.client_id, '--event-days', '31'], env),
    ).rejects.toThrow(/from 1 to the global window \(30\)/);
    const status = JSON.parse(await locus(['retention', 'status'], env)) as {
      tables: { table: string; kept: string; rows: number; bytes: number }[];
      tenant_event_windows: unknown[];
      last_purge: unknown;
    };
    expect(status.tenant_event_windows).toEqual([{ tenant_id: tenant.tenant_id, event_days: 7 }]);
    expect(status.tables.find((t) => t.table === 'location_events')).toMatchObject({
      kept: "30 days, or a tenant's shorter window",
      rows: 0,
    });
    expect(status.tables.find((t) => t.table === 'jobs')?.kept).toMatch(/^pending until run; done 7 days/);
    expect(status.last_purge).toBeNull();
  });

  it('purges on demand and exports one installation', async () => {
    const runtime = await createRuntime({ databaseUrl: database.url, env: {} });
    try {
      await runtime.deps.ingestSdkEvents(
        { tenantId: tenant.tenant_id },
        { installation_id: 'cli-1', events: eventsAround({ lat: 1.3, lng: 103.8 }, 40, Date.now(), 20) },
      );
    } finally {
      await runtime.close();
    }
    const run = JSON.parse(await locus(['retention', 'run'], env)) as { removed: Record<string, number> };
    // The tenant keeps 7 days: of 40 events over 20 days, those older than a week go.
    expect(run.removed.location_events).toBeGreaterThan(20);
    const exported = JSON.parse(
      await locus(['export', 'installation', 'cli-1', '--client-id', tenant.client_id], env),
    ) as { subject_id: string; location_events: unknown[] };
    expect(exported.subject_id).toBe('cli-1');
    expect(exported.location_events.length).toBe(40 - (run.removed.location_events ?? 0));
    await expect(locus(['export', 'device', 'cli-1', '--client-id', tenant.client_id], env)).rejects.toThrow(
      /installation or account/,
    );
  });
});
