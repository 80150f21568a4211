import type { Random } from './random';

const hex = (random: Random, length: number): string =>
  Array.from({ length }, () => random.int(0, 15).toString(16)).join('');

/** A version-4-shaped UUID drawn from the seeded stream (never crypto: the same seed must give the same ids). */
export function generateUuid(random: Random): string {
  const variant = (8 + random.int(0, 3)).toString(16);
  return `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-${variant}${hex(random, 3)}-${hex(random, 12)}`;
}

/** The three identifiers of an app user: installation (per install), device (survives reinstalls), account. */
export function generateIdentity(random: Random): {
  installationId: string;
  deviceId: string;
  accountId: string;
} {
  return {
    installationId: generateUuid(random),
    deviceId: generateUuid(random),
    accountId: `acct-${hex(random, 12)}`,
  };
}
