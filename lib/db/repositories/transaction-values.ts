import type { Selectable } from 'kysely';
import { paymentAddressCell } from '../console/address-key';
import type { TransactionsTable } from '../schema';
import { toJson } from './executor';
import type { TransactionRecord } from './transaction-record';

/** The columns a new transaction is written with (JSON documents as text). */
export type NewTransactionRow = Pick<
  Selectable<TransactionsTable>,
  | 'id'
  | 'tenant_id'
  | 'installation_id'
  | 'device_id'
  | 'account_id'
  | 'type'
  | 'external_id'
  | 'addresses'
  | 'payment_value'
  | 'payment_methods'
  | 'store_id'
  | 'location'
  | 'evaluated'
  | 'risk_assessment'
  | 'reasons'
  | 'evidence'
  | 'explanation'
  | 'created_at'
  | 'address_cell_lat'
  | 'address_cell_lng'
>;

const jsonOrNull = (value: unknown) => (value ? toJson(value) : null);

export function newTransactionRow(t: TransactionRecord): NewTransactionRow {
  return {
    id: t.id,
    tenant_id: t.tenantId,
    installation_id: t.installationId,
    device_id: t.deviceId,
    account_id: t.accountId,
    type: t.type,
    external_id: t.externalId,
    addresses: toJson(t.addresses),
    ...paymentAddressCell(t.addresses),
    payment_value: jsonOrNull(t.paymentValue),
    payment_methods: toJson(t.paymentMethods),
    store_id: t.storeId,
    location: jsonOrNull(t.location),
    evaluated: t.evaluated ? 1 : 0,
    risk_assessment: t.riskAssessment,
    reasons: jsonOrNull(t.reasons),
    evidence: jsonOrNull(t.evidence),
    explanation: jsonOrNull(t.explanation),
    created_at: t.createdAt,
  };
}

/** The values of a transactions INSERT: the row, and a new transaction's review state (open). */
export function transactionValues(a: NewTransactionRow) {
  return {
    id: a.id,
    tenant_id: a.tenant_id,
    installation_id: a.installation_id,
    device_id: a.device_id,
    account_id: a.account_id,
    type: a.type,
    external_id: a.external_id,
    addresses: a.addresses,
    payment_value: a.payment_value,
    payment_methods: a.payment_methods,
    store_id: a.store_id,
    location: a.location,
    evaluated: a.evaluated,
    risk_assessment: a.risk_assessment,
    reasons: a.reasons,
    evidence: a.evidence,
    explanation: a.explanation,
    created_at: a.created_at,
    address_cell_lat: a.address_cell_lat,
    address_cell_lng: a.address_cell_lng,
    review_status: 'open',
  };
}
