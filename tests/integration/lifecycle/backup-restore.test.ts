// `locus backup` while `locus serve` ingests, then `locus restore`: every batch the API acknowledged
// before the backup started is in the restored database, and the restored database serves again.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../lib/db/connect';
import { freshDatabase, type TestDatabase } from '../engines';
import { eventsAround } from '../test-api';
import { LOCUS, locus } from './run-locus';

const EVENTS_PER_BATCH = 50;

describe('backup and restore of the embedded database', () => {
  let database: TestDatabase;
  let dir: string;
  let env: Record<string, string>;
  let tenant: { client_id: string; client_secret: string; app_key: string };

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    dir = path.dirname(database.url.slice('sqlite:'.length));
    env = {
      DATABASE_URL: database.url,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    tenant = JSON.parse(await locus(['tenant', 'create', '--name', 'backup'], env));
  });
  afterAll(() => database.drop());

  it('keeps every write acknowledged before the backup started', async () => {
    const server = await serve(env);
    const acked: { batch: number; at: number }[] = [];
    let next = 0;
    let stop = false;
    const ingestLoop = async () => {
      while (!stop) {
        const batch = next++;
        const reply = await fetch(`http://127.0.0.1:${env.PORT}/api/v2/sdk/events`, {
          method: 'POST',
          headers: { 'x-app-key': tenant.app_key, 'content-type': 'application/json' },
          body: JSON.stringify({
            installation_id: `batch-${batch}`,
            events: eventsAround({ lat: 48.85, lng: 2.35 }, EVENTS_PER_BATCH, Date.now(), 1),
          }),
        });
        if (reply.status === 202) acked.push({ batch, at: performance.now() });
      }
    };
    const loops = Array.from({ length: 4 }, ingestLoop);
    await waitUntil(() => acked.length >= 100);

    const backupFile = path.join(dir, 'backup.db');
    const startedAt = performance.now();
    const ackedBefore = acked.filter((a) => a.at < startedAt).map((a) => a.batch);
    const backup = JSON.parse(await locus(['backup', backupFile], env)) as { pages: number };
    const ackedDuring = acked.filter((a) => a.at >= startedAt).length;
    await waitUntil(() => acked.length >= ackedBefore.length + ackedDuring + 20);
    stop = true;
    await Promise.all(loops);
    // Not under the running service: it would carry on with the old content's state.
    const live = (await eventsPerInstallation(database.url)).size;
    await expect(locus(['restore', backupFile], env)).rejects.toThrow(/is in use: stop locus serve/);
    expect((await eventsPerInstallation(database.url)).size).toBe(live);
    server.kill('SIGTERM');
    await once(server, 'exit');
    expect(backup.pages).toBeGreaterThan(0);
    expect(ackedDuring).toBeGreaterThan(0);

    // Restore over the live file, which now holds the batches written after the backup too.
    await locus(['restore', backupFile], env);
    const counts = await eventsPerInstallation(database.url);
    for (const batch of ackedBefore)
      expect(counts.get(`batch-${batch}`), `batch-${batch}`).toBe(EVENTS_PER_BATCH);
    // The copy is one instant: a batch is there whole or not at all, and later ones are not.
    for (const n of counts.values()) expect(n).toBe(EVENTS_PER_BATCH);
    expect(counts.size).toBeLessThan(acked.length);

    const restored = await serve(env);
    try {
      const token = await fetch(`http://127.0.0.1:${env.PORT}/api/v2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${tenant.client_id}:${tenant.client_secret}`).toString('base64')}`,
        },
      });
      expect(token.status).toBe(200);
    } finally {
      restored.kill('SIGTERM');
      await once(restored, 'exit');
    }
  });

  it('refuses a file that is not a Locus backup, and changes nothing', async () => {
    const bogus = path.join(dir, 'bogus.db');
    fs.writeFileSync(bogus, 'not a database');
    const before = (await eventsPerInstallation(database.url)).size;
    await expect(locus(['restore', bogus], env)).rejects.toThrow(/exited 1/);
    expect((await eventsPerInstallation(database.url)).size).toBe(before);
  });
});

async function eventsPerInstallation(url: string): Promise<Map<string, number>> {
  const handle = connectDatabase(url);
  try {
    const rows = await handle.db
      .selectFrom('location_events')
      .select(['installation_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('installation_id')
      .execute();
    return new Map(rows.map((r) => [r.installation_id, Number(r.n)]));
  } finally {
    await handle.close();
  }
}

async function serve(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [LOCUS, 'serve'], { env: { ...process.env, ...env } });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('api_url') && resolve());
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return child;
}

async function waitUntil(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
