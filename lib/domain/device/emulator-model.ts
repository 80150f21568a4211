/**
 * Model names that only emulators report (Android Studio's AVDs, the old SDK images, Genymotion,
 * VirtualBox images, BlueStacks): an emulator that leaves its integrity flag off still names itself.
 */
const EMULATOR_MODELS = [
  /^sdk_g?phone/i,
  /^Android SDK built for /i,
  /^google_sdk$/i,
  /^sdk$/i,
  /^generic(_x86(_64)?|_arm64)?$/i,
  /genymotion/i,
  /^vbox86/i,
  /bluestacks/i,
  /\bemulator\b/i,
];

export function emulatorModel(model: string | null): boolean {
  return model !== null && EMULATOR_MODELS.some((pattern) => pattern.test(model.trim()));
}
