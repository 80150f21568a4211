import { randomUUID } from 'node:crypto';
import type { SavedFilter } from '../../contracts/console/queue';
import type { Executor } from '../repositories/executor';

/** Queue filters a user saved under a name; each user sees and deletes only their own. */
export function makeSavedFiltersStore(db: Executor) {
  return {
    async list(tenantId: string, userId: string, kind: SavedFilter['kind']): Promise<SavedFilter[]> {
      const rows = await db
        .selectFrom('console_saved_filters')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .orderBy('name')
        .limit(100)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        kind,
        name: r.name,
        query: JSON.parse(r.query) as Record<string, string>,
        created_at: Number(r.created_at),
      }));
    },

    async save(
      owner: { tenantId: string; userId: string },
      filter: Omit<SavedFilter, 'id' | 'created_at'>,
      now: number,
    ): Promise<SavedFilter> {
      const saved = { ...filter, id: randomUUID(), created_at: now };
      await db
        .insertInto('console_saved_filters')
        .values({
          id: saved.id,
          tenant_id: owner.tenantId,
          user_id: owner.userId,
          kind: saved.kind,
          name: saved.name,
          query: JSON.stringify(saved.query),
          created_at: now,
        })
        .execute();
      return saved;
    },

    /** False when the filter is not the user's (or does not exist). */
    async remove(owner: { tenantId: string; userId: string }, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('console_saved_filters')
        .where('tenant_id', '=', owner.tenantId)
        .where('user_id', '=', owner.userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
