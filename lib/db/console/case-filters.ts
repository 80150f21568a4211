import { sql, type RawBuilder } from 'kysely';

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
}

/** Reason codes are identifiers; anything else cannot match and must not reach a LIKE pattern. */
const REASON_CODE = /^[a-z0-9_]{1,64}$/;

const inList = (column: string, values: string[]) =>
  sql<boolean>`${sql.ref(column)} in (${sql.join(values.map((v) => sql`${v}`))})`;

/** One WHERE expression for signups or transactions (both have these columns). */
export function caseWhere(f: CaseFilters): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [sql`tenant_id = ${f.tenantId}`];
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
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** Rows strictly after the cursor in the chosen order (keyset pagination on created_at, id). */
export function afterCursor(
  cursor: { createdAt: number; id: string } | null,
  order: 'oldest' | 'newest',
): RawBuilder<boolean> {
  if (!cursor) return sql<boolean>`1 = 1`;
  return order === 'oldest'
    ? sql<boolean>`(created_at > ${cursor.createdAt} or (created_at = ${cursor.createdAt} and id > ${cursor.id}))`
    : sql<boolean>`(created_at < ${cursor.createdAt} or (created_at = ${cursor.createdAt} and id < ${cursor.id}))`;
}

/** Exact id (or id prefix), installation, device, account or external id. */
export function textSearch(q: string | undefined, columns: string[]): RawBuilder<boolean> {
  if (!q) return sql<boolean>`1 = 1`;
  const exact = columns.map((c) => sql`${sql.ref(c)} = ${q}`);
  // A prefix of the id as a range, so the primary key index serves it on both engines.
  const prefix = sql`(id >= ${q} and id < ${q + '\uffff'})`;
  return sql<boolean>`(${sql.join([prefix, ...exact], sql` or `)})`;
}
