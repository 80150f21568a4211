import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { manualClock } from '../clock/manual-clock';
import type { SdkEventsRequest } from '../contracts/sdk-events';
import type { SignupRequest } from '../contracts/signup';
import type { TransactionRequest } from '../contracts/transaction';
import { connectDatabase } from '../db/connect';
import { makeRepos } from '../db/repositories/index';
import { createGeocoder } from '../geocode/create-geocoder';
import { upsertHouseNumbers, upsertStreets } from '../geocode/osm/import-osm';
import { createRuntime } from '../runtime/create-runtime';
import { planTimeline } from '../sim/plan-timeline';
import { ingestionBodies, signupBody, transactionBody } from '../sim/to-wire';
import type { Population, SimPayment, SimulatedDevice } from '../sim/types';
import { evaluateSignup } from '../usecases/evaluate-signup';
import { evaluateTransaction } from '../usecases/evaluate-transaction';
import { geocodeAddresses } from '../usecases/create-transaction';
import { geocodeDeclaredAddress } from '../usecases/geocode-declared-address';
import type { AssessedRow } from './assessed-row';

const DAY_MS = 86_400_000;

/**
 * Plays a simulated population through the real use-cases (SDK ingestion with its fingerprint update,
 * signups, payments) on a throw-away SQLite database with a manual clock set to each step's time — no
 * server, no HTTP — and returns every assessment with its features and the simulator's label. The
 * features come from the same evaluateSignup/evaluateTransaction the API runs.
 */
export async function assessPopulation(
  population: Population,
  o: {
    onProgress?: (done: number, total: number) => void;
    /** Called with each ingestion error (an event the service refused). */
    onRejected?: (error: string) => void;
  } = {},
): Promise<AssessedRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locus-eval-'));
  const clock = manualClock(population.now);
  const url = `sqlite:${path.join(dir, 'eval.db')}`;
  const geoHandle = connectDatabase(url);
  const geocoder = createGeocoder({
    db: geoHandle.db,
    config: { url: null, kind: 'nominatim', timeoutMs: 1_000 },
  });
  const runtime = await createRuntime({ databaseUrl: url, clock, geocoder, env: {} });
  try {
    // The world's street index, as an operator imports an OpenStreetMap extract (`locus geodata import`).
    if (population.geodata) {
      await upsertStreets(geoHandle.db, population.geodata.streets);
      await upsertHouseNumbers(geoHandle.db, population.geodata.houseNumbers);
    }
    const tenant = await runtime.createTenant('eval');
    const scope = { tenantId: tenant.tenant_id };
    const repos = makeRepos(runtime.db);
    const rows: AssessedRow[] = [];
    const ordered = [...population.devices].sort((a, b) => a.phase - b.phase);
    let done = 0;
    for (const device of ordered) {
      const days = new Set<number>();
      for (const step of planTimeline(device)) {
        if (step.kind === 'events') {
          for (const e of step.events) days.add(Math.floor(e.ts / DAY_MS));
          const arrives = step.at ?? step.events.at(-1)?.ts ?? clock.now();
          for (const body of ingestionBodies(device, step.events, step.tsStyle)) {
            clock.set(Math.max(population.now - 89 * 86_400_000, arrives));
            const reply = await runtime.deps.ingestSdkEvents(scope, body as unknown as SdkEventsRequest);
            for (const r of reply.rejected) o.onRejected?.(r.error);
          }
          continue;
        }
        clock.set(step.ts);
        const installation = await repos.installations.find(scope.tenantId, device.installationId);
        if (step.kind === 'signup') {
          const body = signupBody(device) as unknown as SignupRequest;
          const created = await runtime.deps.createSignup(scope, body);
          const declared = await geocodeDeclaredAddress(geocoder, body);
          const a = await evaluateSignup(
            repos,
            {
              tenantId: scope.tenantId,
              signupId: created.id,
              installationId: device.installationId,
              declared,
            },
            installation,
            step.ts,
          );
          rows.push(row(device, 'signup', a, { atHome: device.signupAtHome ?? false, days: days.size }));
        } else {
          const payment = device.payments[step.index]!;
          const request = transactionBody(device, payment, step.index) as unknown as TransactionRequest;
          const addresses = await geocodeAddresses(geocoder, request);
          const a = await evaluateTransaction(repos, {
            tenantId: scope.tenantId,
            installationId: device.installationId,
            installation,
            request,
            addresses,
            paymentValue: request.payment_value ?? null,
            now: step.ts,
          });
          await runtime.deps.createTransaction(scope, request, true);
          rows.push(
            row(device, payment.kind, a, { atHome: payment.atHome ?? false, days: days.size }, payment),
          );
        }
      }
      o.onProgress?.(++done, ordered.length);
    }
    return rows;
  } finally {
    await runtime.close();
    await geoHandle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function row(
  device: SimulatedDevice,
  kind: AssessedRow['kind'],
  a: {
    features?: Record<string, number>;
    probability?: number;
    riskAssessment: AssessedRow['verdict'];
    decidedBy?: AssessedRow['decidedBy'];
    reasons: { code: string }[];
    contradiction?: string | null;
    lowDispute?: string | null;
  },
  seen: { atHome: boolean; days: number },
  payment?: SimPayment,
): AssessedRow {
  return {
    kind,
    installationId: device.installationId,
    scenario: payment?.scenario ?? device.scenario,
    label: payment?.label ?? device.label,
    atHome: seen.atHome,
    daysOfData: seen.days,
    world: device.traits?.world ?? '',
    life: device.traits?.life ?? '',
    phone: device.traits?.phone ?? '',
    app: device.traits?.app ?? '',
    features: a.features ?? {},
    probability: a.probability ?? 0.5,
    verdict: a.riskAssessment,
    decidedBy: a.decidedBy ?? 'model',
    reasons: a.reasons.map((r) => r.code),
    contradiction: a.contradiction ?? null,
    lowDispute: a.lowDispute ?? null,
  };
}
