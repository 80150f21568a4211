// The minimal equivalent of each benchmarked route, on the engine and database Locus just ran on: the same
// zod validation, one indexed read (the installation by its key) and one insert transaction (the request as a
// row; an SDK batch as its events, in batched prepared inserts), with the drivers used directly and every
// statement prepared once. What Locus costs beyond this is what assessing and storing a verdict costs.
// Run as its own process (`node --import tsx lib/bench/minimal-server.ts`; DATABASE_URL, PORT from the environment).
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { ZodType } from 'zod';
import { SdkEventsRequestSchema, type SdkEventsRequest } from '../contracts/sdk-events';
import { SignupRequestSchema } from '../contracts/signup';
import { TransactionRequestSchema } from '../contracts/transaction';
import { startCheckpointer } from '../db/sqlite-checkpointer';
import { zodValidatorCompiler } from '../server/request-validation';
import { parseSdkEvent } from '../usecases/parse-sdk-event';
import { MINIMAL_PATHS } from './bench-endpoints';
import { serveBenchChild } from './serve-bench-child';

/** Rows per event insert statement (a batch is cut into statements of this many rows and a remainder of one each). */
const EVENT_ROWS = 100;
const EVENT_COLUMNS = ['tenant_id', 'installation_id', 'ts', 'lat', 'lng', 'accuracy_m'] as const;

interface EventRow {
  ts: number;
  lat: number;
  lng: number;
  accuracyM: number | null;
}

/** The three operations a route needs, on one engine. */
interface MinimalStore {
  tenantId: string;
  installationExists(installationId: string): Promise<boolean>;
  insertRequest(installationId: string, kind: string, body: string): Promise<string>;
  insertEvents(installationId: string, events: readonly EventRow[]): Promise<void>;
}

const createTables = [
  `create table if not exists bench_minimal_requests (id text primary key, tenant_id text not null,
     installation_id text not null, kind text not null, body text not null, created_at bigint not null)`,
  `create table if not exists bench_minimal_events (tenant_id text not null, installation_id text not null,
     ts bigint not null, lat double precision not null, lng double precision not null, accuracy_m double precision)`,
  `create index if not exists bench_minimal_events_installation on bench_minimal_events (tenant_id, installation_id, ts)`,
];

const eventValues = (rows: number, placeholder: (i: number) => string) =>
  Array.from(
    { length: rows },
    (_, r) => `(${EVENT_COLUMNS.map((_c, c) => placeholder(r * EVENT_COLUMNS.length + c + 1)).join(', ')})`,
  ).join(', ');
const insertEventsSql = (rows: number, placeholder: (i: number) => string) =>
  `insert into bench_minimal_events (${EVENT_COLUMNS.join(', ')}) values ${eventValues(rows, placeholder)}`;
const eventParameters = (tenantId: string, installationId: string, events: readonly EventRow[]) =>
  events.flatMap((e) => [tenantId, installationId, e.ts, e.lat, e.lng, e.accuracyM]);

/** Whole statements of EVENT_ROWS rows, then one row at a time. */
function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  let i = 0;
  for (; i + EVENT_ROWS <= items.length; i += EVENT_ROWS) out.push(items.slice(i, i + EVENT_ROWS));
  for (; i < items.length; i++) out.push([items[i]!]);
  return out;
}

function sqliteStore(file: string): MinimalStore {
  const db = new BetterSqlite3(file);
  // The pragmas of lib/db/connect.ts, and its checkpoints in a thread of their own.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -65536');
  db.pragma('wal_autocheckpoint = 20000');
  startCheckpointer(file, (message) => console.error(message));
  for (const statement of createTables) db.exec(statement);
  const tenant = db.prepare('select id from tenants order by created_at limit 1').get() as { id: string };
  const installation = db.prepare(
    'select 1 as one from installations where tenant_id = ? and installation_id = ?',
  );
  const insertRequest = db.prepare(
    'insert into bench_minimal_requests (id, tenant_id, installation_id, kind, body, created_at) values (?, ?, ?, ?, ?, ?)',
  );
  // The tenant and installation bound once per statement, as Locus's own event insert does
  // (sqlite-event-insert.ts): binding them per row was a sixth of the insert's CPU.
  const sharedColumn = (i: number) => ['@tenant', '@installation'][(i - 1) % EVENT_COLUMNS.length] ?? '?';
  const insertMany = db.prepare(insertEventsSql(EVENT_ROWS, sharedColumn));
  const insertOne = db.prepare(insertEventsSql(1, sharedColumn));
  const writeEvents = db.transaction((installationId: string, events: readonly EventRow[]) => {
    const shared = { tenant: tenant.id, installation: installationId };
    for (const chunk of chunks(events))
      (chunk.length === EVENT_ROWS ? insertMany : insertOne).run(
        chunk.flatMap((e) => [e.ts, e.lat, e.lng, e.accuracyM]),
        shared,
      );
  });
  const writeRequest = db.transaction((id: string, installationId: string, kind: string, body: string) =>
    insertRequest.run(id, tenant.id, installationId, kind, body, Date.now()),
  );
  return {
    tenantId: tenant.id,
    installationExists: async (installationId) => installation.get(tenant.id, installationId) !== undefined,
    insertRequest: async (installationId, kind, body) => {
      const id = uuidv7();
      writeRequest(id, installationId, kind, body);
      return id;
    },
    insertEvents: async (installationId, events) => void writeEvents(installationId, events),
  };
}

async function postgresStore(url: string): Promise<MinimalStore> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  for (const statement of createTables) await pool.query(statement);
  const tenant = (await pool.query<{ id: string }>('select id from tenants order by created_at limit 1'))
    .rows[0]!;
  const dollar = (i: number) => `$${i}`;
  const manySql = insertEventsSql(EVENT_ROWS, dollar);
  const oneSql = insertEventsSql(1, dollar);
  // Named statements: parsed and planned once per connection, as Locus's hot statements are.
  const inTransaction = async (work: (client: pg.PoolClient) => Promise<void>) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await work(client);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  return {
    tenantId: tenant.id,
    installationExists: async (installationId) =>
      (
        await pool.query({
          name: 'minimal_installation',
          text: 'select 1 as one from installations where tenant_id = $1 and installation_id = $2',
          values: [tenant.id, installationId],
        })
      ).rowCount !== 0,
    insertRequest: async (installationId, kind, body) => {
      const id = uuidv7();
      await inTransaction(async (client) => {
        await client.query({
          name: 'minimal_request',
          text: 'insert into bench_minimal_requests (id, tenant_id, installation_id, kind, body, created_at) values ($1, $2, $3, $4, $5, $6)',
          values: [id, tenant.id, installationId, kind, body, Date.now()],
        });
      });
      return id;
    },
    insertEvents: (installationId, events) =>
      inTransaction(async (client) => {
        for (const chunk of chunks(events)) {
          const many = chunk.length === EVENT_ROWS;
          await client.query({
            name: many ? 'minimal_events_many' : 'minimal_events_one',
            text: many ? manySql : oneSql,
            values: eventParameters(tenant.id, installationId, chunk),
          });
        }
      }),
  };
}

const url = process.env.DATABASE_URL ?? '';
const store = url.startsWith('sqlite:') ? sqliteStore(url.slice('sqlite:'.length)) : await postgresStore(url);

const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
app.setValidatorCompiler(zodValidatorCompiler);

/** An assessment route: validate, read the installation, store the request in one transaction. */
function assessmentRoute(path: string, body: ZodType, kind: string): void {
  app.post(path, { schema: { body } }, async (request, reply) => {
    const { installation_id: installationId } = request.body as { installation_id?: string };
    if (!installationId || !(await store.installationExists(installationId))) return reply.code(404).send();
    const id = await store.insertRequest(installationId, kind, JSON.stringify(request.body));
    return reply.code(200).send({ id, risk_assessment: 'low_risk' });
  });
}

assessmentRoute(MINIMAL_PATHS.signup, SignupRequestSchema, 'signup');
assessmentRoute(MINIMAL_PATHS.payment, TransactionRequestSchema, 'payment');
app.post(MINIMAL_PATHS.ingestion, { schema: { body: SdkEventsRequestSchema } }, async (request, reply) => {
  const body = request.body as SdkEventsRequest;
  // Fresh installations are the norm in the ingestion loads: the read is the same indexed lookup either way.
  await store.installationExists(body.installation_id);
  // Each event validated as Locus validates it (lib/usecases/parse-sdk-event.ts).
  const now = Date.now();
  const events: EventRow[] = [];
  for (const raw of body.events ?? []) {
    const parsed = parseSdkEvent(raw, now);
    if (parsed.ok) events.push(parsed.event);
  }
  await store.insertEvents(body.installation_id, events);
  return reply.code(202).send({ accepted: events.length, rejected: [], request_token: 'minimal' });
});

await serveBenchChild(app);
