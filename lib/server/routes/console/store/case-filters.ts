import { sql, type ExpressionBuilder } from 'kysely';
import type { ConsoleDatabase } from '../../../../db/schema/console';

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

type Table = 'signups' | 'transactions';

/** Reason codes are identifiers; anything else cannot match and must not reach a LIKE pattern. */
const REASON_CODE = /^[a-z0-9_]{1,64}$/;

export function caseFilter<T extends Table>(f: CaseFilters) {
  return (eb: ExpressionBuilder<ConsoleDatabase, T>) => {
    const ref = (column: string) => sql.ref(column);
    const parts = [eb(ref('tenant_id'), '=', f.tenantId)];
    if (f.risk?.length) parts.push(eb(ref('risk_assessment'), 'in', f.risk));
    if (f.status?.length) parts.push(eb(ref('review_status'), 'in', f.status));
    if (f.reason !== undefined) {
      // reasons is the JSON array as stored: [{"code":"…","source":"…"}, …]
      parts.push(REASON_CODE.test(f.reason) ? eb(ref('reasons'), 'like', `%"code":"${f.reason}"%`) : sql<boolean>`1 = 0`);
    }
    if (f.from !== undefined) parts.push(eb(ref('created_at'), '>=', f.from));
    if (f.to !== undefined) parts.push(eb(ref('created_at'), '<=', f.to));
    if (f.assigned === 'me') parts.push(eb(ref('assigned_to'), '=', f.callerId));
    if (f.assigned === 'unassigned') parts.push(eb(ref('assigned_to'), 'is', null));
    return eb.and(parts);
  };
}
