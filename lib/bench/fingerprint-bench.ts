/**
 * Assessment latency vs stored events per installation (issue 5): one installation with 50 events,
 * one with 5,000, the same signups and payments against each, in-process on a throw-away SQLite
 * database. Prints a table, then one JSON line (folded into `npm run bench` by run-fingerprint-bench.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { manualClock } from '../clock/manual-clock';
import { createRuntime } from '../runtime/create-runtime';

const NOW = Date.UTC(2026, 0, 15, 12);
const HOME = { lat: -23.5614, lng: -46.6559 };
const ROUNDS = 200;

function events(n: number) {
  const span = 60 * 86_400_000;
  return Array.from({ length: n }, (_, i) => ({
    ts: new Date(NOW - span + Math.round((i / n) * span)).toISOString(),
    lat: HOME.lat + ((i % 7) - 3) * 0.0004,
    lng: HOME.lng + ((i % 5) - 2) * 0.0004,
    accuracy_m: 15,
    source: i % 2 ? 'wifi' : 'gps',
  }));
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locus-fp-bench-'));
  const runtime = await createRuntime({
    databaseUrl: `sqlite:${path.join(dir, 'bench.db')}`,
    clock: manualClock(NOW),
    env: {},
  });
  const rows: Record<string, unknown>[] = [];
  try {
    const tenant = await runtime.createTenant('bench');
    const scope = { tenantId: tenant.tenant_id };
    for (const n of [50, 5_000]) {
      const installationId = `bench-${n}`;
      const all = events(n);
      for (let i = 0; i < all.length; i += 1_000) {
        await runtime.deps.ingestSdkEvents(scope, {
          installation_id: installationId,
          events: all.slice(i, i + 1_000),
        } as never);
      }
      for (const kind of ['signup', 'payment'] as const) {
        const times: number[] = [];
        for (let r = 0; r < ROUNDS; r += 1) {
          const started = performance.now();
          if (kind === 'signup') {
            await runtime.deps.createSignup(scope, {
              installation_id: installationId,
              address_coordinates: HOME,
            } as never);
          } else {
            await runtime.deps.createTransaction(
              scope,
              { installation_id: installationId, account_id: 'a', type: 'payment' } as never,
              true,
            );
          }
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        rows.push({
          name: `assess ${kind}`,
          events_per_installation: n,
          rounds: ROUNDS,
          p50_ms: Number(percentile(times, 0.5).toFixed(2)),
          p95_ms: Number(percentile(times, 0.95).toFixed(2)),
        });
      }
    }
  } finally {
    await runtime.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log('| assessment | events per installation | p50 ms | p95 ms |\n|---|---:|---:|---:|');
  for (const r of rows)
    console.log(`| ${r.name} | ${r.events_per_installation} | ${r.p50_ms} | ${r.p95_ms} |`);
  console.log(JSON.stringify({ fingerprint_bench: rows }));
}

await main();
