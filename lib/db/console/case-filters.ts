import { sql, type RawBuilder } from 'kysely';
import type { Keyset } from './keyset-cursor';
import { consoleIndexed } from './console-indexed';

export type QueueTable = 'signups' | 'transactions';
export type QueueOrder = 'changed' | 'oldest' | 'newest';

/** Filters the signup and payment queues share; each becomes a WHERE clause over indexed columns. */
export interface CaseFilters {
  tenantId: string;
  callerId: string;
  risk?: string[] | undefined;
  status?: string[] | undefined;
  reason?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  assigned?: 'me' | 'unassigned' | 'any' | undefined;
  feedback?: 'any' | 'none' | 'received' | undefined;
}

/** Reason codes are identifiers; anything else cannot match and must not reach a LIKE pattern. */
const REASON_CODE = /^[a-z0-9_]{1,64}$/;

const inList = (column: string, values: string[]) =>
  sql<boolean>`${sql.ref(column)} in (${sql.join(values.map((v) => sql`${v}`))})`;

/** Feedback the client sent through the API about the case (analyst decisions are not client feedback). */
function clientFeedbackExists(table: QueueTable, tenantId: string): RawBuilder<boolean> {
  const about = (column: string) =>
    sql`exists (select 1 from feedbacks f where f.tenant_id = ${tenantId} and ${sql.ref(`f.${column}`)} = ${sql.ref(`${table}.id`)} and f.origin = 'api')`;
  return table === 'signups'
    ? sql<boolean>`${about('signup_id')}`
    : sql<boolean>`(${about('payment_id')} or ${about('login_id')})`;
}

/** One WHERE expression for signups or transactions (both have these columns). */
export function caseWhere(table: QueueTable, f: CaseFilters): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [
    sql`${sql.ref(`${table}.tenant_id`)} = ${f.tenantId}`,
    consoleIndexed(table),
  ];
  if (f.risk?.length) parts.push(inList('risk_assessment', f.risk));
  if (f.status?.length) parts.push(inList('review_status', f.status));
  if (f.reason !== undefined) {
    // reasons is the JSON array as stored: [{"code":"…","source":"…"}, …]
    parts.push(REASON_CODE.test(f.reason) ? sql`reasons like ${`%"code":"${f.reason}"%`}` : sql`1 = 0`);
  }
  if (f.from !== undefined) parts.push(sql`created_at >= ${f.from}`);
  if (f.to !== undefined) parts.push(sql`created_at <= ${f.to}`);
  if (f.assigned === 'me') parts.push(sql`assigned_to = ${f.callerId}`);
  if (f.assigned === 'unassigned') parts.push(sql`assigned_to is null`);
  if (f.feedback === 'none') parts.push(sql`not ${clientFeedbackExists(table, f.tenantId)}`);
  if (f.feedback === 'received') parts.push(clientFeedbackExists(table, f.tenantId));
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/**
 * The time a queue is sorted by: the last assessment change for signups in the default order (a signup
 * that turned high risk today comes first, not buried under its creation day); creation otherwise.
 * Payments are assessed once, so their last change is their creation.
 */
export function sortColumn(table: QueueTable, order: QueueOrder): 'updated_at' | 'created_at' {
  return table === 'signups' && order === 'changed' ? 'updated_at' : 'created_at';
}

export const sortDirection = (order: QueueOrder): 'asc' | 'desc' => (order === 'oldest' ? 'asc' : 'desc');

/** Rows strictly after the cursor in the chosen order (keyset pagination on the sort time, then id). */
export function afterCursor(
  table: QueueTable,
  cursor: Keyset | null,
  order: QueueOrder,
): RawBuilder<boolean> {
  if (!cursor) return sql<boolean>`1 = 1`;
  const at = sql.ref(sortColumn(table, order));
  return sortDirection(order) === 'asc'
    ? sql<boolean>`(${at} > ${cursor.at} or (${at} = ${cursor.at} and id > ${cursor.id}))`
    : sql<boolean>`(${at} < ${cursor.at} or (${at} = ${cursor.at} and id < ${cursor.id}))`;
}

/** Exact id (or id prefix), installation, device, account or external id. */
export function textSearch(q: string | undefined, columns: string[]): RawBuilder<boolean> {
  if (!q) return sql<boolean>`1 = 1`;
  const exact = columns.map((c) => sql`${sql.ref(c)} = ${q}`);
  // A prefix of the id as a range, so the primary key index serves it on both engines.
  const prefix = sql`(id >= ${q} and id < ${q + '\uffff'})`;
  return sql<boolean>`(${sql.join([prefix, ...exact], sql` or `)})`;
}
