/** Freezes `value` and everything it holds, so that a shared object cannot be changed by one of its readers. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    // An array's elements read in place, not copied by Object.values, and only objects recursed into:
    // a fingerprint cell's day lists hold up to 120 numbers each (a hole is skipped either way).
    const children: readonly unknown[] = Array.isArray(value) ? value : Object.values(value);
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (child !== null && typeof child === 'object') deepFreeze(child);
    }
  }
  return value;
}

/**
 * `derive`, remembered per fingerprint for fingerprints that can no longer change: a frozen one (the
 * parsed fingerprint assessments share, lib/db/repositories/parsed-fingerprints.ts) is judged again by
 * every signup and payment of the installation and every reassessment run, and what is derived from it
 * is the same each time. A fingerprint still being folded (not frozen) is derived afresh. The remembered
 * result is frozen too: every caller gets the same object.
 */
export function memoizedForFrozen<F extends object, R>(derive: (fp: F) => R): (fp: F) => R {
  const memo = new WeakMap<F, R>();
  return (fp) => {
    if (!Object.isFrozen(fp)) return derive(fp);
    let derived = memo.get(fp);
    if (derived === undefined) {
      derived = deepFreeze(derive(fp));
      memo.set(fp, derived);
    }
    return derived;
  };
}
