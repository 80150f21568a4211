import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMalformedValue, MAX_JSON_DEPTH } from '../../../lib/server/request-hygiene';

// The walk as it was written first (an object and a path per value): the oracle for the faster one,
// which must report the same first problem at the same path for any input. Its string check reads
// code units one by one (the leftmost NUL or unpaired surrogate), independently of the module's regex.
const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
function referenceProblem(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return 'must not contain NUL characters';
    if (isHigh(c) && i + 1 < s.length && isLow(s.charCodeAt(i + 1))) i++;
    else if (isHigh(c) || isLow(c)) return 'must be valid Unicode text';
  }
  return null;
}
function referenceWalk(value: unknown): { path: PropertyKey[]; message: string } | null {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: PropertyKey[] };
    if (typeof item.value === 'string') {
      const problem = referenceProblem(item.value);
      if (problem) return { path: item.path, message: problem };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.path.length >= MAX_JSON_DEPTH) return { path: item.path, message: 'is nested too deeply' };
    for (const [key, child] of Object.entries(item.value)) {
      const path = [...item.path, Array.isArray(item.value) ? Number(key) : key];
      const problem = referenceProblem(key);
      if (problem) return { path, message: `key ${problem}` };
      stack.push({ value: child, path });
    }
  }
  return null;
}

const found = (value: unknown) => {
  const issue = findMalformedValue(value);
  return issue ? { path: issue.path, message: issue.message } : null;
};

// Strings of a few UTF-16 code units — NUL, lone and paired surrogates among plain letters — short so
// that they recur as keys and problems meet in one value.
const unit = fc.constantFrom('a', 'b', '\u0000', '\uD83D', '\uDE00', '\uD83D\uDE00', 'é');
const text = fc.string({ unit, maxLength: 4 });
const jsonish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(text, tie('value'), { maxKeys: 4 }),
  ),
})).value;

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { k: value };
  return value;
}

describe('findMalformedValue', () => {
  it('finds the same first problem at the same path as the reference walk, for any JSON-like value', () => {
    fc.assert(
      fc.property(jsonish, (value) => {
        expect(found(value)).toEqual(referenceWalk(value));
      }),
      { numRuns: 2_000 },
    );
  });

  it('reports NUL, lone surrogates, bad keys and depth where they are', () => {
    expect(found({ events: [{ ts: 'x' }, { source: 'a\u0000b' }] })).toEqual({
      path: ['events', 1, 'source'],
      message: 'must not contain NUL characters',
    });
    expect(found({ a: ['ok', '\uD800'] })).toEqual({ path: ['a', 1], message: 'must be valid Unicode text' });
    expect(found({ a: { ['k\uDC00']: 1 } })).toEqual({
      path: ['a', 'k\uDC00'],
      message: 'key must be valid Unicode text',
    });
    expect(found('\u0000')).toEqual({ path: [], message: 'must not contain NUL characters' });
    expect(found({ pair: '\uD83D\uDE00' })).toBeNull();
    expect(found(nested(MAX_JSON_DEPTH + 1))).toEqual(referenceWalk(nested(MAX_JSON_DEPTH + 1)));
    expect(found(nested(MAX_JSON_DEPTH + 1))?.message).toBe('is nested too deeply');
    expect(found(nested(MAX_JSON_DEPTH))).toBeNull();
  });
});
