import { randomUUID } from 'node:crypto';
import { hashSecret, randomSecret } from '../../auth/secret-hash';
import type { UsersTable } from '../schema/console';
import type { Executor } from '../repositories/executor';
import type { Role } from '../../contracts/console/common';
import type { User } from '../../contracts/console/settings';

export const toUserDto = (u: UsersTable): User => ({
  id: u.id,
  email: u.email,
  role: u.role as Role,
  created_at: u.created_at,
  disabled_at: u.disabled_at,
  last_sign_in_at: u.last_sign_in_at,
});

export function makeUsersStore(db: Executor) {
  return {
    findByEmail: (email: string) =>
      db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst(),

    /** Tenant-scoped: a user of another tenant is not found. */
    find: (tenantId: string, id: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst(),

    list: (tenantId: string) =>
      db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).orderBy('email').execute(),

    async markSignedIn(id: string, at: number): Promise<void> {
      await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute();
    },

    async update(tenantId: string, id: string, patch: Partial<Pick<UsersTable, 'role' | 'disabled_at'>>) {
      await db
        .updateTable('users')
        .set(patch)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    /** A user with a password: the one given, or a generated strong one (returned once, stored hashed). */
    async create(input: { tenantId: string; email: string; role: Role; password?: string; now: number }) {
      const password = input.password ?? randomSecret(18);
      const row: UsersTable = {
        id: randomUUID(),
        tenant_id: input.tenantId,
        email: input.email.trim().toLowerCase(),
        role: input.role,
        password_hash: await hashSecret(password),
        created_at: input.now,
        disabled_at: null,
        last_sign_in_at: null,
      };
      await db.insertInto('users').values(row).execute();
      return { user: row, password };
    },
  };
}
