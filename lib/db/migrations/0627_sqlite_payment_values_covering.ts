import type { Migration } from 'kysely';

/**
 * Superseded by 0628 (it did nothing else): it widened SQLite's `transactions_installation` with each
 * row's type and payment value, so that a payment read its installation's payment values from the
 * index alone (≈ 4 µs less a payment, measured alone). The wider entries split the index's pages twice
 * as often, and each split that renumbers pages makes SQLite's next COMMIT walk its whole page cache
 * (1,306 walks against 670 in 7,000 payments; docs/BENCHMARKS.md, "SQLite payment, tenth capacity
 * session"). Kept by name, doing nothing, for the databases that ran it; 0628 narrows their index again.
 */
export const supersededPaymentValuesCoveringMigration: Migration = {
  async up() {},
};
