import { sql } from 'kysely';
import type { DeviceProfile } from '../../contracts/console/entities';
import type { Executor } from '../repositories/executor';
import { signupHistory } from '../repositories/signup-history';
import { paymentRefs, signupRefs } from './case-refs';
import { entityFeedbacks } from './entity-feedbacks';
import { installationSummaries } from './installation-summaries';
import { devicePlaces } from './location-sample';

const DAY_MS = 86_400_000;
const DAY_BUCKET = sql<number>`ts / ${sql.lit(DAY_MS)}`;

/** The installations a device page shows: by device id, or the device of an installation id. */
async function resolveInstallations(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<{ deviceId: string | null; installationIds: string[] }> {
  const byInstallation = await db
    .selectFrom('installations')
    .select(['installation_id', 'device_id'])
    .where('tenant_id', '=', tenantId)
    .where('installation_id', '=', id)
    .executeTakeFirst();
  const deviceId = byInstallation ? byInstallation.device_id : id;
  const byDevice = deviceId
    ? await db
        .selectFrom('installations')
        .select('installation_id')
        .where('tenant_id', '=', tenantId)
        .where('device_id', '=', deviceId)
        .limit(50)
        .execute()
    : [];
  const ids = [...new Set([...(byInstallation ? [id] : []), ...byDevice.map((r) => r.installation_id)])];
  return { deviceId: byDevice.length > 0 || byInstallation ? deviceId : null, installationIds: ids };
}

/** Integrity flags as each assessment of the device's cases recorded them, oldest first. */
async function integrityHistory(db: Executor, tenantId: string, installationIds: string[]) {
  const [signupRows, paymentRows] = await Promise.all([
    db
      .selectFrom(
        signupHistory(
          db,
          tenantId,
          db
            .selectFrom('signups')
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('installation_id', 'in', installationIds),
        ).as('h'),
      )
      .select(['h.assessed_at as at', 'h.signup_id as id', 'h.evidence'])
      .orderBy('h.assessed_at', 'asc')
      .limit(500)
      .execute(),
    db
      .selectFrom('transactions')
      .select(['created_at as at', 'id', 'type', 'evidence'])
      .where('tenant_id', '=', tenantId)
      .where('installation_id', 'in', installationIds)
      .where('evidence', 'is not', null)
      .orderBy('created_at', 'asc')
      .limit(500)
      .execute(),
  ]);
  const flagsOf = (evidence: string | null) => {
    const value = evidence ? (JSON.parse(evidence) as { device_integrity?: Record<string, boolean> }) : {};
    return value.device_integrity ?? null;
  };
  const points: DeviceProfile['integrity_history'] = [];
  for (const r of signupRows) {
    const flags = flagsOf(r.evidence);
    if (flags) points.push({ at: Number(r.at), case_kind: 'signup', case_id: r.id, flags });
  }
  for (const r of paymentRows) {
    const flags = flagsOf(r.evidence);
    if (flags)
      points.push({
        at: Number(r.at),
        case_kind: r.type === 'login' ? 'login' : 'payment',
        case_id: r.id,
        flags,
      });
  }
  return points.sort((a, b) => a.at - b.at);
}

/** Location events per UTC day, with the SDK's mock-location count. */
async function eventsByDay(db: Executor, tenantId: string, installationIds: string[]) {
  const rows = await db
    .selectFrom('location_events')
    .select([
      DAY_BUCKET.as('day'),
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.sum<number>('mock').as('mock'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('installation_id', 'in', installationIds)
    .groupBy(DAY_BUCKET)
    .orderBy(DAY_BUCKET)
    .execute();
  return rows.map((r) => ({
    day: new Date(Math.floor(Number(r.day)) * DAY_MS).toISOString().slice(0, 10),
    events: Number(r.n),
    mock_events: Number(r.mock ?? 0),
  }));
}

/** Everything about one device (by device id or installation id), tenant-scoped; null when unknown. */
export async function loadDeviceProfile(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<DeviceProfile | null> {
  const { deviceId, installationIds } = await resolveInstallations(db, tenantId, id);
  if (installationIds.length === 0) return null;
  const [installations, accountRows, signups, payments, feedbacks, integrity, days, places] =
    await Promise.all([
      installationSummaries(db, tenantId, installationIds),
      db
        .selectFrom('installation_accounts')
        .select((eb) => [
          'account_id',
          eb.fn.min('first_seen_at').as('first'),
          eb.fn.max('last_seen_at').as('last'),
        ])
        .where('tenant_id', '=', tenantId)
        .where('installation_id', 'in', installationIds)
        .groupBy('account_id')
        .limit(100)
        .execute(),
      signupRefs(db, tenantId, 'installation_id', installationIds),
      paymentRefs(db, tenantId, 'installation_id', installationIds),
      entityFeedbacks(db, tenantId, { installationIds }),
      integrityHistory(db, tenantId, installationIds),
      eventsByDay(db, tenantId, installationIds),
      devicePlaces(db, tenantId, installationIds),
    ]);
  return {
    device_id: deviceId,
    installations,
    accounts: accountRows.map((a) => ({
      account_id: a.account_id,
      first_seen_at: Number(a.first),
      last_seen_at: Number(a.last),
    })),
    signups,
    payments,
    feedbacks,
    integrity_history: integrity,
    events_by_day: days,
    places,
  };
}
