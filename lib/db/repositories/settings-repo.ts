import type { Executor } from './executor';

export function makeSettingsRepo(db: Executor) {
  return {
    async get(key: string): Promise<string | null> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value ?? null;
    },

    /** Stores the value unless one exists, and returns whichever won: instances racing agree. */
    async getOrInit(key: string, make: () => string): Promise<string> {
      await db
        .insertInto('settings')
        .values({ key, value: make() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const value = await this.get(key);
      if (value === null) throw new Error(`setting ${key} vanished`);
      return value;
    },
  };
}
export type SettingsRepo = ReturnType<typeof makeSettingsRepo>;
