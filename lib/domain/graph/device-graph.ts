/**
 * What the device/account graph says about one installation. `local` counts come from this tenant;
 * `global` ones aggregate other tenants' data about the same device_id — counts only, never their ids.
 */
export interface DeviceGraph {
  /** Distinct accounts on this installation or any installation sharing its device_id (this tenant). */
  accountsOnDevice: number;
  /** Installations sharing the device_id in this tenant (1 when it has none or is alone). */
  installationsOnDevice: number;
  global: GlobalDeviceSignals;
}

export interface GlobalDeviceSignals {
  /** Installations and accounts of the same device_id in other tenants. */
  installations: number;
  accounts: number;
  /** Other tenants reported fraud confirmed on this device. */
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
