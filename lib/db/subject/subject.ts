import type { SubjectType } from '../../contracts/subject-data';
import type { Executor } from '../repositories/executor';

/** The end user a data-subject request is about: one installation or one account of one tenant. */
export interface Subject {
  tenantId: string;
  type: SubjectType;
  id: string;
}

/** Rows one step of an erasure touched. */
export interface StepCount {
  table: string;
  action: 'deleted' | 'scrubbed' | 'cancelled';
  rows: number;
}

/** The installation's signups (a signup names no account: an account has none). */
export function signupIdsOf(db: Executor, tenantId: string, installationId: string) {
  return db
    .selectFrom('signups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('installation_id', '=', installationId);
}

/** The subject's payments and logins: made on the installation, or by the account. */
export function transactionIdsOf(db: Executor, s: Subject) {
  return db
    .selectFrom('transactions')
    .select('id')
    .where('tenant_id', '=', s.tenantId)
    .where(s.type === 'installation' ? 'installation_id' : 'account_id', '=', s.id);
}

export const affected = (table: string, action: StepCount['action'], rows: bigint | number): StepCount => ({
  table,
  action,
  rows: Number(rows),
});
