/**
 * What the device/account graph says about one installation. The counts come from this tenant;
 * `global` aggregates other tenants' data about the same device under the corroboration rule of
 * global-device-signals.ts — counts only, never their ids.
 */
export interface DeviceGraph {
  /** Distinct accounts on this installation or any installation sharing its device_id (this tenant). */
  accountsOnDevice: number;
  /** Installations sharing the device_id in this tenant (1 when it has none or is alone). */
  installationsOnDevice: number;
  global: GlobalDeviceSignals;
}

/** The graph of this tenant alone: what its own rows say, before other tenants are consulted. */
export type LocalDeviceGraph = Omit<DeviceGraph, 'global'>;

export interface GlobalDeviceSignals {
  /** Installations and accounts of the same device in other tenants (capped per tenant, corroborated). */
  installations: number;
  accounts: number;
  /** Several other tenants confirmed fraud on this device (docs/RISK.md "Global signals"). */
  confirmedFraud: boolean;
}

export const NO_GLOBAL_SIGNALS: GlobalDeviceSignals = {
  installations: 0,
  accounts: 0,
  confirmedFraud: false,
};

export function appReinstallations(graph: DeviceGraph): number {
  return Math.max(0, graph.installationsOnDevice - 1);
}
