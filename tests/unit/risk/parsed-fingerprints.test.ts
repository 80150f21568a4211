import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PARSED_FINGERPRINT_BUDGET_CHARS,
  parsedFingerprint,
  rememberFingerprint,
} from '../../../lib/db/repositories/parsed-fingerprints';
import { emptyFingerprint, updateFingerprint } from '../../../lib/domain/fingerprint/location-fingerprint';
import { commuter, livedDays } from './trajectories';

const stored = JSON.stringify(updateFingerprint(emptyFingerprint(), livedDays(3, commuter, 1)));
/** The same fingerprint stored as a text a quarter of the budget long (JSON ignores trailing blanks). */
const quarter = stored + ' '.repeat(Math.ceil(PARSED_FINGERPRINT_BUDGET_CHARS / 4) - stored.length);

describe('parsed fingerprints', () => {
  afterEach(() => vi.restoreAllMocks());

  const parsesOf = (tenant: string, installation: string, text: string) => {
    const parse = vi.spyOn(JSON, 'parse');
    parsedFingerprint(tenant, installation, text);
    const calls = parse.mock.calls.filter(([t]) => t === text).length;
    parse.mockRestore();
    return calls;
  };

  it('parse a stored text once, and again once the installation stores another', () => {
    expect(parsesOf('budget-a', 'phone', stored)).toBe(1);
    expect(parsesOf('budget-a', 'phone', stored)).toBe(0);
    expect(parsedFingerprint('budget-a', 'phone', stored)).toEqual(JSON.parse(stored));
    expect(parsesOf('budget-a', 'phone', `${stored} `)).toBe(1);
  });

  it('keep the most recently used within a budget of characters, whatever their count', () => {
    for (const phone of ['p1', 'p2', 'p3'])
      rememberFingerprint('budget-b', phone, quarter, JSON.parse(quarter));
    // p1 used again: p2 is now the least recently used, and goes when p4 and p5 take the budget.
    expect(parsesOf('budget-b', 'p1', quarter)).toBe(0);
    rememberFingerprint('budget-b', 'p4', quarter, JSON.parse(quarter));
    rememberFingerprint('budget-b', 'p5', quarter, JSON.parse(quarter));
    expect(parsesOf('budget-b', 'p5', quarter)).toBe(0);
    expect(parsesOf('budget-b', 'p4', quarter)).toBe(0);
    expect(parsesOf('budget-b', 'p1', quarter)).toBe(0);
    expect(parsesOf('budget-b', 'p2', quarter)).toBe(1);
  });
});
