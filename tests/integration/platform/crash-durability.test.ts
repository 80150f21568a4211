import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../lib/db/connect';
import { TEST_ENGINES, freshDatabase, type TestDatabase } from '../engines';

const CLI = 'lib/cli/locus.mjs';

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

function databaseUrl(db: TestDatabase): string {
  if (!db.schema) return db.url;
  return `${db.url}?schema=${db.schema}`;
}

async function runCli(args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`locus ${args.join(' ')} exited ${code}`);
  return out;
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, 'serve'], {
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('api_url') && resolve());
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return child;
}

async function kill9(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

describe.each(TEST_ENGINES)('kill -9 right after a reply loses nothing on %s', (engine) => {
  let db: TestDatabase;
  let env: Record<string, string>;
  let tenant: { client_id: string; client_secret: string; app_key: string };
  beforeAll(async () => {
    db = await freshDatabase(engine);
    env = { DATABASE_URL: databaseUrl(db), PORT: String(await freePort()), HOST: '127.0.0.1' };
    tenant = JSON.parse(await runCli(['tenant', 'create', '--name', 'crash'], env));
  });
  afterAll(() => db.drop());

  it('keeps ingested events and the created signup', async () => {
    const base = `http://127.0.0.1:${env.PORT}`;
    let server = await startServer(env);
    const now = Date.now();
    const events = Array.from({ length: 500 }, (_, i) => ({
      ts: now - i * 60_000,
      lat: 48.8584,
      lng: 2.2945,
    }));
    const ingest = await fetch(`${base}/api/v2/sdk/events`, {
      method: 'POST',
      headers: { 'x-app-key': tenant.app_key, 'content-type': 'application/json' },
      body: JSON.stringify({ installation_id: 'crash-1', device: { model: 'X' }, events }),
    });
    expect(ingest.status).toBe(202);
    await kill9(server);

    server = await startServer(env);
    const auth = `Basic ${Buffer.from(`${tenant.client_id}:${tenant.client_secret}`).toString('base64')}`;
    const token = (await (
      await fetch(`${base}/api/v2/token`, { method: 'POST', headers: { authorization: auth } })
    ).json()) as {
      access_token: string;
    };
    const signup = await fetch(`${base}/api/v2/onboarding/signups`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        installation_id: 'crash-1',
        address_coordinates: { lat: 48.8584, lng: 2.2945 },
      }),
    });
    expect(signup.status).toBe(200);
    const created = (await signup.json()) as { id: string; evidence: { location_events_quantity: number } };
    expect(created.evidence.location_events_quantity).toBe(500);
    await kill9(server);

    const handle = connectDatabase(db.url, db.schema ? { schema: db.schema } : {});
    try {
      const events = await handle.db
        .selectFrom('location_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(events.n)).toBe(500);
      const stored = await handle.db
        .selectFrom('signups')
        .select('id')
        .where('id', '=', created.id)
        .executeTakeFirst();
      expect(stored?.id).toBe(created.id);
    } finally {
      await handle.close();
    }
  });
});
