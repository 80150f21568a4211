/**
 * Tables of the analyst console (migration 0400): console users, the audit log of analyst actions, and
 * the review columns added to signups and transactions.
 */
import type { Kysely } from 'kysely';
import type { Database, SignupsTable, TransactionsTable } from '../schema';

export interface UsersTable {
  id: string;
  tenant_id: string;
  /** Lower-cased; unique across tenants because sign-in asks for an email only. */
  email: string;
  /** analyst, manager or admin. */
  role: string;
  /** scrypt hash with its parameters and salt; null for users who only sign in through OIDC. */
  password_hash: string | null;
  created_at: number;
  disabled_at: number | null;
  last_sign_in_at: number | null;
}

export interface AuditLogTable {
  id: string;
  tenant_id: string;
  /** Null for actions of the system or of the operator's CLI. */
  actor_user_id: string | null;
  /** What was done: signup_claimed, signup_decided, credential_created, user_role_changed, … */
  action: string;
  subject_type: string;
  subject_id: string | null;
  /** JSON of the changed fields before and after. */
  before: string | null;
  after: string | null;
  at: number;
}

/** Review columns the console adds; signups already carry review_status and assigned_to. */
export interface ReviewColumns {
  review_outcome: string | null;
  reviewed_at: number | null;
  reviewed_by: string | null;
}

export interface ConsoleDatabase extends Omit<Database, 'signups' | 'transactions'> {
  signups: SignupsTable & ReviewColumns;
  transactions: TransactionsTable & ReviewColumns & { assigned_to: string | null };
  users: UsersTable;
  audit_log: AuditLogTable;
}

/** The same connection, typed with the console's tables. */
export function consoleDb(db: Kysely<Database>): Kysely<ConsoleDatabase> {
  return db as unknown as Kysely<ConsoleDatabase>;
}
