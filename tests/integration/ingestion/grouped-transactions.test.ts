import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupedTransactions, MAX_GROUP } from '../../../lib/db/repositories/grouped-transactions';
import type { Repos } from '../../../lib/db/repositories/index';
import { TEST_ENGINES } from '../engines';
import { startTestApi, type TestApi } from '../test-api';

/**
 * Works that wait together share one transaction on SQLite (a savepoint each), each in its own on
 * PostgreSQL: on both, what a caller sees is its own work's outcome, as with a transaction per work.
 */
describe.each(TEST_ENGINES)('grouped transactions on %s', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(engine);
  });
  afterAll(async () => t?.close());

  const stored = async (key: string) =>
    t.runtime.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();

  it('keeps the writes of the works that succeed and undoes all of the one that throws, for its caller alone', async () => {
    let flush!: () => void;
    const turn = new Promise<void>((resolve) => (flush = resolve));
    const grouped = groupedTransactions(t.runtime.db, () => turn);
    const write = (key: string) => async (repos: Repos) =>
      repos.settings.getOrInit(key, () => `${key}-value`);
    const first = grouped(write('grouped-first'));
    const failing = grouped(async (repos) => {
      await repos.settings.getOrInit('grouped-undone', () => 'never kept');
      throw new Error('this work fails');
    });
    const last = grouped(write('grouped-last'));
    flush();
    expect(await first).toBe('grouped-first-value');
    await expect(failing).rejects.toThrow('this work fails');
    expect(await last).toBe('grouped-last-value');
    expect(await stored('grouped-first')).toEqual({ value: 'grouped-first-value' });
    expect(await stored('grouped-undone')).toBeUndefined();
    expect(await stored('grouped-last')).toEqual({ value: 'grouped-last-value' });
  });

  it('writes a full group at once, without waiting for the turn', async () => {
    const grouped = groupedTransactions(t.runtime.db, () => new Promise<void>(() => {}));
    const keys = Array.from({ length: MAX_GROUP }, (_, i) => `full-group-${i}`);
    const values = await Promise.all(
      keys.map((key) => grouped((repos) => repos.settings.getOrInit(key, () => key))),
    );
    expect(values).toEqual(keys);
  });
});
