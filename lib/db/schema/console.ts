/**
 * Tables of the analyst console (migration 0400): console users, the audit log of analyst actions, and
 * the review columns added to signups and transactions.
 */
import type { ColumnType } from 'kysely';

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

/** Nullable, and left out of inserts: migration 0400 adds it and only reviews set it. */
type ReviewField<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** Review columns the console adds; signups already carry review_status and assigned_to. */
export interface ReviewColumns {
  review_outcome: ReviewField<string>;
  reviewed_at: ReviewField<number>;
  reviewed_by: ReviewField<string>;
}

/** A queue filter an analyst saved under a name (migration 0700); `query` is the queue's URL query as JSON. */
export interface ConsoleSavedFiltersTable {
  id: string;
  tenant_id: string;
  user_id: string;
  /** signups or payments. */
  kind: string;
  name: string;
  query: string;
  created_at: number;
}

/** Risk thresholds an admin applied from a backtest (migration 0700); kind is signup or payment. */
export interface TenantThresholdsTable {
  tenant_id: string;
  kind: string;
  low: number;
  high: number;
  applied_at: number;
  applied_by: string | null;
}

// A type alias (not an interface) so that it joins the Database intersection in lib/db/schema.ts.
export type ConsoleTables = {
  users: UsersTable;
  audit_log: AuditLogTable;
  console_saved_filters: ConsoleSavedFiltersTable;
  tenant_thresholds: TenantThresholdsTable;
};
