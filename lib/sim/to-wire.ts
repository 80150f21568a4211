import { formatTimestamp } from './format-timestamp';
import type {
  DeclaredAddress,
  SimEvent,
  SimFeedback,
  SimPayment,
  SimulatedDevice,
  TimestampStyle,
} from './types';
import type { FeedbackBody, SdkEventsBody, SignupBody, TransactionBody, WireEvent } from './wire-types';

/** The ingestion endpoint takes at most this many events per request. */
export const MAX_EVENTS_PER_BATCH = 1000;

const SIGNAL_FIELDS = [
  'speed_mps',
  'altitude_m',
  'bearing_deg',
  'vertical_accuracy_m',
  'elapsed_realtime_ms',
  'wifi_networks',
  'cell_networks',
] as const;

function wireEvent(e: SimEvent, style: TimestampStyle, zone: string): WireEvent {
  const wire: WireEvent = {
    ts: formatTimestamp(e.ts, style, zone),
    lat: e.lat,
    lng: e.lng,
    ...(e.accuracy_m === null ? {} : { accuracy_m: e.accuracy_m }),
    source: e.source,
    mock: e.mock,
  };
  for (const field of SIGNAL_FIELDS) if (e[field] !== undefined) wire[field] = e[field];
  return wire;
}

/**
 * SDK ingestion bodies for `events` of one device, split into batches the endpoint accepts (one empty batch if
 * none), with timestamps written in `style` (ISO in UTC unless the device's SDK says otherwise).
 */
export function ingestionBodies(
  device: SimulatedDevice,
  events: readonly SimEvent[],
  style: TimestampStyle = 'iso_utc',
): SdkEventsBody[] {
  const zone = device.traits?.zone ?? 'UTC';
  const bodies: SdkEventsBody[] = [];
  for (let i = 0; i === 0 || i < events.length; i += MAX_EVENTS_PER_BATCH) {
    bodies.push({
      installation_id: device.installationId,
      device_id: device.deviceId,
      account_id: device.accountId,
      device: device.device,
      events: events.slice(i, i + MAX_EVENTS_PER_BATCH).map((e) => wireEvent(e, style, zone)),
    });
  }
  return bodies;
}

export function signupBody(device: SimulatedDevice): SignupBody {
  return { installation_id: device.installationId, ...(device.declaredAddress ?? {}) };
}

function addressFields(address: DeclaredAddress): DeclaredAddress {
  const fields: DeclaredAddress = {};
  if (address.address_line !== undefined) fields.address_line = address.address_line;
  if (address.structured_address) fields.structured_address = address.structured_address;
  if (address.address_coordinates) fields.address_coordinates = address.address_coordinates;
  return fields;
}

/** A stable client-side id for a payment, usable in feedback. */
export function externalId(device: SimulatedDevice, index: number): string {
  return `sim-${device.installationId}-${index}`;
}

export function transactionBody(
  device: SimulatedDevice,
  payment: SimPayment,
  index: number,
): TransactionBody {
  const body: TransactionBody = {
    installation_id: device.installationId,
    account_id: device.accountId,
    type: payment.kind,
    external_id: externalId(device, index),
  };
  const addresses = payment.addresses.filter((a) => Object.keys(addressFields(a.address)).length > 0);
  if (addresses.length > 0)
    body.addresses = addresses.map((a) => ({ type: a.type, ...addressFields(a.address) }));
  if (payment.payment_value) body.payment_value = payment.payment_value;
  if (payment.payment_methods.length > 0) {
    body.payment_methods = payment.payment_methods.map((m) => ({
      type: m.type,
      [m.type === 'credit_card' ? 'credit_card_info' : 'debit_card_info']: m.info,
    }));
  }
  return body;
}

/** Ids the service gave back, needed to address feedback. */
export interface ServiceIds {
  signupId: string | null;
  transactionIds: (string | null)[];
}

/** The feedback body, or null when the thing it is about never got an id (its request failed). */
export function feedbackBody(
  device: SimulatedDevice,
  feedback: SimFeedback,
  ids: ServiceIds,
): FeedbackBody | null {
  const base = {
    event: feedback.event,
    timestamp: feedback.ts,
    account_id: device.accountId,
    installation_id: device.installationId,
  };
  switch (feedback.target.kind) {
    case 'signup':
      return ids.signupId ? { ...base, signup_id: ids.signupId } : null;
    case 'payment': {
      const index = feedback.target.paymentIndex;
      const id = ids.transactionIds[index];
      if (!id) return null;
      const kind = device.payments[index]?.kind === 'login' ? 'login_id' : 'payment_id';
      return { ...base, [kind]: id, external_id: externalId(device, index) };
    }
    case 'account':
    case 'installation':
      return base;
  }
}
