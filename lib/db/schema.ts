/**
 * Table shapes shared by SQLite and PostgreSQL. Times are epoch milliseconds (BIGINT on PostgreSQL,
 * parsed to number), JSON documents are TEXT on both engines so that one query path serves both.
 */
import type { ColumnType, Generated } from 'kysely';
import type { ConsoleTables, ReviewColumns } from './schema/console';
import type { GeodataTables } from './schema/geodata';
import type { GlobalSignalTables } from './schema/global-signals';
import type { ErasureColumns, LifecycleTables } from './schema/lifecycle';
import type { RiskTables } from './schema/risk';
import type { WebhookTables } from './schema/webhooks';

/** JSON of the domain's Explanation (migration 0500); null before it and for unevaluated payments. */
type ExplanationColumn = ColumnType<string | null, string | null | undefined, string | null>;

export interface TenantsTable {
  id: string;
  name: string;
  created_at: number;
}

export interface CredentialsTable {
  id: string;
  tenant_id: string;
  client_id: string;
  /** scrypt hash of the client secret; the secret itself is shown once and never stored. */
  secret_hash: string;
  /** JSON array of scopes. */
  scopes: string;
  label: string | null;
  created_at: number;
  revoked_at: number | null;
}

export interface AppKeysTable {
  key: string;
  tenant_id: string;
  created_at: number;
  revoked_at: number | null;
}

export interface InstallationsTable {
  tenant_id: string;
  installation_id: string;
  device_id: string | null;
  /** JSON of the SDK's `device` object as last reported. */
  device: string;
  first_seen_at: number;
  last_seen_at: number;
  event_count: number;
  last_event_at: number | null;
}

export interface LocationEventsTable {
  id: Generated<number>;
  tenant_id: string;
  installation_id: string;
  ts: number;
  lat: number;
  lng: number;
  accuracy_m: number | null;
  source: string;
  mock: number;
  received_at: number;
}

export interface InstallationAccountsTable {
  tenant_id: string;
  installation_id: string;
  account_id: string;
  device_id: string | null;
  first_seen_at: number;
  last_seen_at: number;
}

/**
 * The case's address on the console's ~110 m grid (degrees·1000, lib/db/console/address-key.ts),
 * written by the repository with the row (migration 0602): null when there is none.
 */
type AddressCellColumn = ColumnType<number | null, number | null | undefined, number | null>;

export interface SignupsTable extends ReviewColumns, ErasureColumns {
  id: string;
  tenant_id: string;
  installation_id: string;
  device_id: string | null;
  request_id: string;
  /** JSON: the declared address as given (address_line, structured_address, address_coordinates). */
  declared_address: string;
  /** JSON: the geocoding result for the declared address, or null when none was declared. */
  geocode: string | null;
  risk_assessment: string;
  reasons: string;
  evidence: string;
  explanation: ExplanationColumn;
  created_at: number;
  updated_at: number;
  /** Reassessment stops at this instant (created_at + 48 h). */
  reassess_until: number;
  address_cell_lat: AddressCellColumn;
  address_cell_lng: AddressCellColumn;
  /** Set once the tenant created or queried it: webhooks are sent only for those (SPEC §6.3.3). */
  notify: number;
  review_status: string;
  assigned_to: string | null;
  /** 1 once the console's indexes hold the row, null from its insert until then (migration 0612). */
  console_indexed: number | null;
}

export interface SignupAssessmentsTable {
  id: string;
  tenant_id: string;
  signup_id: string;
  risk_assessment: string;
  reasons: string;
  evidence: string;
  explanation: ExplanationColumn;
  /** What caused this assessment: created, address_updated, location_events, feedback, graph, time. */
  trigger: string;
  assessed_at: number;
}

export interface TransactionsTable extends ReviewColumns, ErasureColumns {
  id: string;
  tenant_id: string;
  /** Null for a payment or login whose installation could not be identified (migration 0800). */
  installation_id: string | null;
  device_id: string | null;
  account_id: string;
  type: string;
  external_id: string | null;
  /** JSON documents as received (normalised), for evidence and the console. */
  addresses: string;
  payment_value: string | null;
  payment_methods: string;
  store_id: string | null;
  location: string | null;
  evaluated: number;
  risk_assessment: string | null;
  reasons: string | null;
  evidence: string | null;
  explanation: ExplanationColumn;
  created_at: number;
  review_status: string;
  /** Added by the console's migration (0400): who reviews the step-up case. */
  assigned_to: ColumnType<string | null, string | null | undefined, string | null>;
  address_cell_lat: AddressCellColumn;
  address_cell_lng: AddressCellColumn;
  /** 1 once the console's indexes hold the row, null from its insert until then (migration 0612). */
  console_indexed: number | null;
}

export interface FeedbacksTable {
  id: string;
  tenant_id: string;
  event: string;
  occurred_at: number;
  expires_at: number | null;
  external_id: string | null;
  signup_id: string | null;
  payment_id: string | null;
  login_id: string | null;
  account_id: string | null;
  installation_id: string | null;
  /** api or console. */
  origin: string;
  author: string | null;
  comment: string | null;
  created_at: number;
}

export interface JobsTable {
  id: string;
  kind: string;
  tenant_id: string | null;
  payload: string;
  run_at: number;
  attempts: number;
  /** pending, running, done, dead. */
  status: string;
  lease_until: number | null;
  /** Fencing token: bumped on every claim, a stale worker's completion is ignored. */
  lease_token: number;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  /** A trigger that arrived while the job ran: the job is pending again at this time once it settles (0600). */
  rerun_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface CoreTables {
  tenants: TenantsTable;
  credentials: CredentialsTable;
  app_keys: AppKeysTable;
  installations: InstallationsTable;
  location_events: LocationEventsTable;
  installation_accounts: InstallationAccountsTable;
  signups: SignupsTable;
  signup_assessments: SignupAssessmentsTable;
  transactions: TransactionsTable;
  feedbacks: FeedbacksTable;
  jobs: JobsTable;
  settings: SettingsTable;
}

/** Every table; each feature declares its own in lib/db/schema/<feature>.ts. */
export interface Database
  extends
    CoreTables,
    GeodataTables,
    RiskTables,
    WebhookTables,
    ConsoleTables,
    GlobalSignalTables,
    LifecycleTables {}
