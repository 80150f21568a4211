import type { Random } from './random';
import type { DeviceInfo } from './types';

const ANDROID_MODELS = [
  'SM-A515F',
  'SM-G991B',
  'SM-A325M',
  'moto g(30)',
  'moto e(7)',
  'Redmi Note 11',
  'Pixel 7',
  'Pixel 6a',
];
const IOS_MODELS = ['iPhone12,1', 'iPhone13,2', 'iPhone14,5', 'iPhone14,7', 'iPhone15,2', 'iPhone16,1'];
export const EMULATOR_MODELS = [
  'sdk_gphone64_x86_64',
  'Android SDK built for x86',
  'SM-G988N',
  'generic_x86_arm',
];

/** An ordinary phone's flags: location on, not rooted, no emulator or spoofing, from the official store. */
export const HONEST_DEVICE_FLAGS = {
  location_permission_enabled: true,
  location_sensors_enabled: true,
  probable_root: false,
  emulator: false,
  gps_spoofing: false,
  from_official_store: true,
} as const satisfies Partial<DeviceInfo>;

/** An ordinary phone from an official store, location on; overrides give fraud scenarios their flags. */
export function generateDeviceInfo(random: Random, overrides: Partial<DeviceInfo> = {}): DeviceInfo {
  const os = random.chance(0.55) ? 'android' : 'ios';
  const base: DeviceInfo = {
    model: random.pick(os === 'android' ? ANDROID_MODELS : IOS_MODELS),
    os,
    os_version: os === 'android' ? String(random.int(11, 14)) : `${random.int(15, 17)}.${random.int(0, 6)}`,
    app_version: `4.${random.int(0, 12)}.${random.int(0, 9)}`,
    ...HONEST_DEVICE_FLAGS,
  };
  return { ...base, ...overrides };
}
