/** Request and response bodies of the HTTP API as the simulator sends and reads them (snake_case, as on the wire). */
import type { DeviceInfo, EventSource, FixSignals, LatLng, StructuredAddress } from './types';

/** One fix on the wire: `ts` as the SDK writes it, `accuracy_m` left out when unknown, optional signals when sent. */
export interface WireEvent extends FixSignals {
  ts: string | number;
  lat: number;
  lng: number;
  accuracy_m?: number;
  source: EventSource;
  mock: boolean;
}

export interface SdkEventsBody {
  installation_id: string;
  device_id: string;
  account_id?: string;
  device: DeviceInfo;
  events: WireEvent[];
}

export interface SignupBody {
  installation_id: string;
  address_line?: string;
  structured_address?: StructuredAddress;
  address_coordinates?: LatLng;
}

export interface TransactionAddressBody {
  type: 'home' | 'shipping' | 'billing';
  address_line?: string;
  structured_address?: StructuredAddress;
  address_coordinates?: LatLng;
}

export interface TransactionBody {
  installation_id: string;
  account_id: string;
  type: 'payment' | 'login';
  external_id: string;
  addresses?: TransactionAddressBody[];
  payment_value?: { amount: number; currency: string };
  payment_methods?: Record<string, unknown>[];
}

export interface FeedbackBody {
  event: string;
  timestamp: number;
  account_id?: string;
  installation_id?: string;
  signup_id?: string;
  payment_id?: string;
  login_id?: string;
  external_id?: string;
}

export type RiskAssessment = 'low_risk' | 'high_risk' | 'unknown_risk';

/** The parts of a signup or transaction response an evaluator needs. */
export interface AssessmentReply {
  id?: string;
  risk_assessment?: RiskAssessment;
  reasons?: { code: string; source: string }[];
  evidence?: Record<string, unknown>;
  device_id?: string;
}
