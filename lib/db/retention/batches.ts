import type { Executor } from '../repositories/executor';

/** Rows one purge statement deletes: a few milliseconds of work, so requests interleave with a purge. */
export const PURGE_BATCH_ROWS = 500;

/** How a purge commits its batches and gives way between them (the retention job's lease and pace). */
export interface Pacer {
  /** Commits one batch in its own transaction. */
  commit(work: (trx: Executor) => Promise<void>): Promise<void>;
  /** Waits between two batches, so that requests arriving meanwhile are served first. */
  pause(): Promise<void>;
}

/** Deletes batch after batch until one comes back short; returns the rows deleted. */
export async function deleteInBatches(
  pacer: Pacer,
  batch: (trx: Executor, limit: number) => Promise<number>,
  limit = PURGE_BATCH_ROWS,
): Promise<number> {
  let total = 0;
  for (;;) {
    let rows = 0;
    await pacer.commit(async (trx) => {
      rows = await batch(trx, limit);
    });
    total += rows;
    if (rows < limit) return total;
    await pacer.pause();
  }
}
