import { randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';

/** Ids' worth of random bytes drawn at once. */
const POOLED_IDS = 256;

const pool = new Uint8Array(16 * POOLED_IDS);
let used = POOLED_IDS;
/** As the uuid package keeps it for `v7()`: the last id's millisecond and its sequence within it. */
const last = { msecs: -Infinity, seq: 0 };

/**
 * A time-ordered UUID (v7), as `v7()` of the uuid package makes one — the same layout, and within one
 * millisecond the same increasing sequence — with its random bytes taken from a pool filled 256 ids at
 * a time: `v7()` asks the system's generator for 16 bytes per id (≈ 2.6 µs, most of an id's cost), and a
 * signup makes three ids.
 */
export function newTimeOrderedId(): string {
  if (used === POOLED_IDS) {
    randomFillSync(pool);
    used = 0;
  }
  const random = pool.subarray(used * 16, used * 16 + 16);
  used++;
  const now = Date.now();
  if (now > last.msecs) {
    last.msecs = now;
    last.seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
  } else {
    last.seq = (last.seq + 1) | 0;
    if (last.seq === 0) last.msecs++;
  }
  return v7({ random, msecs: last.msecs, seq: last.seq });
}
