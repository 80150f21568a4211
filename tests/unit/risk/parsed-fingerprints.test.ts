import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  keptFingerprint,
  PARSED_FINGERPRINT_BUDGET_CHARS,
  parsedFingerprint,
  rememberFingerprint,
  SEEN_CAPACITY,
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

  it('keep an installation read a second time, not one read once, and parse again once it stores another', () => {
    const first = parsedFingerprint('budget-a', 'phone', stored);
    expect(parsesOf('budget-a', 'phone', stored)).toBe(1);
    expect(parsesOf('budget-a', 'phone', stored)).toBe(0);
    const kept = parsedFingerprint('budget-a', 'phone', stored);
    expect(kept).toEqual(JSON.parse(stored));
    expect(first).toEqual(kept);
    // What is kept is shared, and frozen; a first read's object is the caller's alone.
    expect(Object.isFrozen(kept)).toBe(true);
    expect(Object.isFrozen(first)).toBe(false);
    expect(parsesOf('budget-a', 'phone', `${stored} `)).toBe(1);
    expect(parsesOf('budget-a', 'phone', `${stored} `)).toBe(0);
  });

  it('read a fingerprint its writer remembered without parsing it', () => {
    const fingerprint = JSON.parse(stored) as ReturnType<typeof emptyFingerprint>;
    rememberFingerprint('budget-c', 'written', stored, fingerprint, 'r1');
    expect(parsesOf('budget-c', 'written', stored)).toBe(0);
    expect(parsedFingerprint('budget-c', 'written', stored)).toBe(fingerprint);
    expect(Object.isFrozen(fingerprint)).toBe(true);
  });

  it('tell the revision their writer remembered, and none for a fingerprint parsed from a read', () => {
    const fingerprint = JSON.parse(stored) as ReturnType<typeof emptyFingerprint>;
    rememberFingerprint('budget-e', 'written', stored, fingerprint, 'r7');
    expect(keptFingerprint('budget-e', 'written')).toEqual({ fingerprint, revision: 'r7' });
    expect(keptFingerprint('budget-e', 'other')).toBeUndefined();
    // Another text read for the installation replaces what its writer kept, and has no revision.
    parsedFingerprint('budget-e', 'written', `${stored} `);
    expect(keptFingerprint('budget-e', 'written')).toBeUndefined();
  });

  it('forget a first read once as many other installations have been read once since', () => {
    parsedFingerprint('budget-d', 'forgotten', stored);
    for (let i = 0; i < SEEN_CAPACITY; i++) parsedFingerprint('budget-d', `other-${i}`, stored);
    // Read again after being forgotten: that read counts as its first, the next one keeps it.
    expect(parsesOf('budget-d', 'forgotten', stored)).toBe(1);
    expect(parsesOf('budget-d', 'forgotten', stored)).toBe(1);
    expect(parsesOf('budget-d', 'forgotten', stored)).toBe(0);
  });

  it('keep the most recently used within a budget of characters, whatever their count', () => {
    for (const phone of ['p1', 'p2', 'p3'])
      rememberFingerprint('budget-b', phone, quarter, JSON.parse(quarter), phone);
    // p1 used again: p2 is now the least recently used, and goes when p4 and p5 take the budget.
    expect(parsesOf('budget-b', 'p1', quarter)).toBe(0);
    rememberFingerprint('budget-b', 'p4', quarter, JSON.parse(quarter), 'p4');
    rememberFingerprint('budget-b', 'p5', quarter, JSON.parse(quarter), 'p5');
    expect(parsesOf('budget-b', 'p5', quarter)).toBe(0);
    expect(parsesOf('budget-b', 'p4', quarter)).toBe(0);
    expect(parsesOf('budget-b', 'p1', quarter)).toBe(0);
    expect(parsesOf('budget-b', 'p2', quarter)).toBe(1);
  });
});
