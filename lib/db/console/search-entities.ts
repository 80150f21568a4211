import { sql } from 'kysely';
import type { SearchResult } from '../../contracts/console/entities';
import type { Executor } from '../repositories/executor';
import { declaredAddressLabel, sentAddressLabel } from './declared-address-label';
import { consoleIndexed } from './console-indexed';

type Hit = SearchResult['items'][number];
const LIMIT = 20;

/** LIKE pattern for text anywhere, with the pattern characters escaped. */
const containing = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** An id or a prefix of one, as an index range. */
const idPrefix = (q: string) => sql<boolean>`(id >= ${q} and id < ${q + '\uffff'})`;

async function signupHits(db: Executor, tenantId: string, q: string): Promise<Hit[]> {
  const select = () =>
    db
      .selectFrom('signups')
      .select(['id', 'installation_id', 'device_id', 'declared_address', 'risk_assessment'])
      .where('tenant_id', '=', tenantId)
      .limit(LIMIT);
  // One indexed lookup per column (an OR of them scans the tenant on SQLite).
  const byId = Promise.all([
    select().where(idPrefix(q)).execute(),
    select().where('installation_id', '=', q).execute(),
    select().where('device_id', '=', q).execute(),
  ]).then((lists) => lists.flat());
  // Address text: a scan of the tenant's declared addresses, bounded by LIMIT matches.
  const byAddress = db
    .selectFrom('signups')
    .select(['id', 'installation_id', 'device_id', 'declared_address', 'risk_assessment'])
    .where('tenant_id', '=', tenantId)
    .where(consoleIndexed('signups'))
    .where(sql<boolean>`lower(declared_address) like ${containing(q)} escape '\\'`)
    .orderBy('created_at', 'desc')
    .limit(LIMIT)
    .execute();
  const [ids, addresses] = await Promise.all([byId, byAddress]);
  const hit = (r: (typeof ids)[number], matched: string): Hit => ({
    kind: 'signup',
    id: r.id,
    title: declaredAddressLabel(r.declared_address) ?? 'signup without address',
    detail: r.risk_assessment.replace('_', ' '),
    matched,
  });
  const matchedBy = (r: (typeof ids)[number]) =>
    r.id.startsWith(q) ? 'signup id' : r.installation_id === q ? 'installation' : 'device';
  return [...ids.map((r) => hit(r, matchedBy(r))), ...addresses.map((r) => hit(r, 'address'))];
}

async function paymentHits(db: Executor, tenantId: string, q: string): Promise<Hit[]> {
  const rows = await db
    .selectFrom('transactions')
    .select(['id', 'type', 'installation_id', 'account_id', 'external_id', 'risk_assessment'])
    .where('tenant_id', '=', tenantId)
    .where(consoleIndexed('transactions'))
    .where((eb) =>
      eb.or([
        idPrefix(q),
        eb('external_id', '=', q),
        eb('account_id', '=', q),
        eb('installation_id', '=', q),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(LIMIT)
    .execute();
  return rows.map((r) => ({
    kind: r.type === 'login' ? 'login' : 'payment',
    id: r.id,
    title: `${r.type} of account ${r.account_id}`,
    detail: r.risk_assessment?.replace('_', ' ') ?? 'not evaluated',
    matched: r.id.startsWith(q)
      ? `${r.type} id`
      : r.external_id === q
        ? 'external id'
        : r.account_id === q
          ? 'account'
          : 'installation',
  }));
}

async function deviceAndAccountHits(db: Executor, tenantId: string, q: string): Promise<Hit[]> {
  const [installations, accounts] = await Promise.all([
    db
      .selectFrom('installations')
      .select(['installation_id', 'device_id', 'device'])
      .where('tenant_id', '=', tenantId)
      .where('installation_id', '=', q)
      .unionAll(
        db
          .selectFrom('installations')
          .select(['installation_id', 'device_id', 'device'])
          .where('tenant_id', '=', tenantId)
          .where('device_id', '=', q),
      )
      .limit(LIMIT)
      .execute(),
    db
      .selectFrom('installation_accounts')
      .select('account_id')
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', q)
      .limit(1)
      .execute(),
  ]);
  const devices: Hit[] = installations.map((r) => ({
    kind: 'device',
    id: r.installation_id,
    title: (JSON.parse(r.device) as { model?: string }).model ?? 'device',
    detail: r.device_id ? `device ${r.device_id}` : null,
    matched: r.installation_id === q ? 'installation' : 'device',
  }));
  const account: Hit[] = accounts.map((a) => ({
    kind: 'account',
    id: a.account_id,
    title: `account ${a.account_id}`,
    detail: null,
    matched: 'account',
  }));
  return [...account, ...devices];
}

/**
 * Payments and logins with an address whose text contains `q`. The LIKE runs on the stored JSON (a scan of
 * the tenant bounded by LIMIT, as for signups); a row is kept only if the text of one of its addresses
 * matches, not a key of the JSON ("type", "shipping").
 */
async function paymentAddressHits(db: Executor, tenantId: string, q: string): Promise<Hit[]> {
  const rows = await db
    .selectFrom('transactions')
    .select(['id', 'type', 'account_id', 'addresses', 'risk_assessment'])
    .where('tenant_id', '=', tenantId)
    .where(sql<boolean>`lower(addresses) like ${containing(q)} escape '\\'`)
    .orderBy('created_at', 'desc')
    .limit(LIMIT)
    .execute();
  const needle = q.toLowerCase();
  return rows.flatMap((r) => {
    const sent = JSON.parse(r.addresses ?? '[]') as Parameters<typeof sentAddressLabel>[0][];
    const label = sent.map(sentAddressLabel).find((l) => l?.toLowerCase().includes(needle));
    if (!label) return [];
    return [
      {
        kind: r.type === 'login' ? ('login' as const) : ('payment' as const),
        id: r.id,
        title: `${r.type} of account ${r.account_id}: ${label}`,
        detail: r.risk_assessment?.replace('_', ' ') ?? 'not evaluated',
        matched: 'address',
      },
    ];
  });
}

/** Cases, devices and accounts matching an id (or id prefix), and cases with an address containing `q`. */
export async function searchEntities(db: Executor, tenantId: string, q: string): Promise<SearchResult> {
  const [entities, signups, payments, paymentAddresses] = await Promise.all([
    deviceAndAccountHits(db, tenantId, q),
    signupHits(db, tenantId, q),
    paymentHits(db, tenantId, q),
    paymentAddressHits(db, tenantId, q),
  ]);
  const seen = new Set<string>();
  const items = [...entities, ...signups, ...payments, ...paymentAddresses].filter((h) => {
    const key = `${h.kind}:${h.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { items };
}
