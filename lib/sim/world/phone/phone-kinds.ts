import type { DeviceInfo } from '../../types';
import type { PhoneKind, SignalField, SourceWeights } from './phone-profile';

/** How a kind of phone is drawn: ranges per phone, and which device models it ships as. */
export interface PhoneKindSpec {
  os: DeviceInfo['os'] | 'either';
  models: { android: readonly string[]; ios: readonly string[] };
  indoor: SourceWeights;
  outdoor: SourceWeights;
  accuracyScale: [number, number];
  noiseFactor: [number, number];
  reportsAccuracyShare: number;
  /** Fields the SDK can fill on this OS (iOS cannot count wifi networks). */
  signalFields: readonly SignalField[];
  density: [number, number];
  rootedShare: number;
  sideloadedShare: number;
}

const ALL_SIGNALS: readonly SignalField[] = [
  'speed_mps',
  'altitude_m',
  'bearing_deg',
  'vertical_accuracy_m',
  'elapsed_realtime_ms',
  'wifi_networks',
  'cell_networks',
];
const IOS_SIGNALS: readonly SignalField[] = [
  'speed_mps',
  'altitude_m',
  'bearing_deg',
  'vertical_accuracy_m',
  'elapsed_realtime_ms',
];

const ANDROID = {
  flagship: ['SM-S911B', 'SM-G991B', 'Pixel 7', 'Pixel 8a', 'XQ-DQ72', 'CPH2449'],
  budget: [
    'SM-A145M',
    'SM-A047F',
    'moto e(7)',
    'moto g(30)',
    'Redmi 12C',
    'itel A70',
    'TECNO KI5k',
    'Infinix X6525',
  ],
};
const IOS = ['iPhone12,1', 'iPhone13,2', 'iPhone14,5', 'iPhone14,7', 'iPhone15,2', 'iPhone16,1'];
const TABLETS = { android: ['SM-X200', 'Lenovo TB-X306F'], ios: ['iPad12,1', 'iPad13,18'] };

/** The kinds of phone in the worlds, with the spread of each (docs/SIMULATOR.md, "Phones"). */
export const PHONE_KIND_SPECS: Record<PhoneKind, PhoneKindSpec> = {
  flagship_android: {
    os: 'android',
    models: { android: ANDROID.flagship, ios: [] },
    indoor: { wifi: 0.35, fused: 0.45, gps: 0.15, cell: 0.05 },
    outdoor: { gps: 0.5, fused: 0.45, cell: 0.05 },
    accuracyScale: [0.7, 1.2],
    noiseFactor: [0.8, 1.4],
    reportsAccuracyShare: 1,
    signalFields: ALL_SIGNALS,
    density: [0.5, 1.8],
    rootedShare: 0.03,
    sideloadedShare: 0.02,
  },
  budget_android: {
    os: 'android',
    models: { android: ANDROID.budget, ios: [] },
    indoor: { wifi: 0.25, fused: 0.2, gps: 0.1, cell: 0.45 },
    outdoor: { gps: 0.45, fused: 0.2, cell: 0.35 },
    accuracyScale: [1, 2.5],
    noiseFactor: [1, 2.5],
    reportsAccuracyShare: 1,
    signalFields: ALL_SIGNALS,
    density: [0.15, 1.2],
    rootedShare: 0.1,
    sideloadedShare: 0.12,
  },
  iphone: {
    os: 'ios',
    models: { android: [], ios: IOS },
    indoor: { fused: 0.75, wifi: 0.2, cell: 0.05 },
    outdoor: { fused: 0.85, gps: 0.1, cell: 0.05 },
    accuracyScale: [0.8, 1.2],
    noiseFactor: [0.8, 1.3],
    reportsAccuracyShare: 1,
    signalFields: IOS_SIGNALS,
    density: [0.3, 1.2],
    rootedShare: 0.01,
    sideloadedShare: 0,
  },
  gps_logger: {
    os: 'android',
    models: { android: [...ANDROID.flagship, ...ANDROID.budget], ios: [] },
    indoor: { gps: 1 },
    outdoor: { gps: 1 },
    accuracyScale: [0.6, 1.6],
    noiseFactor: [0.8, 1.6],
    reportsAccuracyShare: 0.5,
    signalFields: ['speed_mps', 'altitude_m', 'bearing_deg'],
    density: [1, 1],
    rootedShare: 0.05,
    sideloadedShare: 0.3,
  },
  wifi_tablet: {
    os: 'either',
    models: TABLETS,
    indoor: { wifi: 1 },
    outdoor: { wifi: 1 },
    accuracyScale: [0.8, 2],
    noiseFactor: [1, 1.8],
    reportsAccuracyShare: 1,
    signalFields: ['altitude_m', 'elapsed_realtime_ms', 'wifi_networks'],
    density: [0.3, 1.2],
    rootedShare: 0.02,
    sideloadedShare: 0.02,
  },
};
