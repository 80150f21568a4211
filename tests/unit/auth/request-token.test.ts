import { describe, expect, it } from 'vitest';
import { makeRequestTokens } from '../../../lib/auth/request-token';

const key = new Uint8Array(32).fill(7);
const tokens = makeRequestTokens(key);

describe('compact request tokens', () => {
  const token = tokens.issue('tenant-a', 'install/ü 1', 1_000);

  it('names its installation to its tenant until it expires', () => {
    expect(tokens.verify('tenant-a', token, 999)).toBe('install/ü 1');
    expect(tokens.verify('tenant-a', token, 1_000)).toBeNull();
  });

  it('is worthless to another tenant, under another key, or changed in any part', () => {
    expect(tokens.verify('tenant-b', token, 0)).toBeNull();
    expect(makeRequestTokens(new Uint8Array(32).fill(8)).verify('tenant-a', token, 0)).toBeNull();
    const [prefix, expiry, installation, mac] = token.split('.') as [string, string, string, string];
    const longer = (1_000_000).toString(36);
    const other = Buffer.from('install-2').toString('base64url');
    for (const forged of [
      [prefix, longer, installation, mac],
      [prefix, expiry, other, mac],
      [prefix, expiry, installation, `${mac}A`],
      [prefix, expiry, installation, mac.slice(1)],
      ['rt2', expiry, installation, mac],
    ]) {
      expect(tokens.verify('tenant-a', forged.join('.'), 0)).toBeNull();
    }
    expect(tokens.verify('tenant-a', 'not-a-token', 0)).toBeNull();
  });
});
