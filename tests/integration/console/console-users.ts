import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { makeUsersStore } from '../../../lib/db/console/users-store';
import type { TestApi } from '../test-api';

export type ConsoleRole = 'analyst' | 'manager' | 'admin';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Console users of every role in the test tenant, signed in through the console API. */
export interface ConsoleUsers {
  ids: Record<ConsoleRole, string>;
  call(method: Method, url: string, role: ConsoleRole, body?: unknown): Promise<LightMyRequestResponse>;
}

export async function signInConsoleUsers(t: TestApi, domain: string): Promise<ConsoleUsers> {
  const users = makeUsersStore(t.runtime.db);
  const tokens = {} as Record<ConsoleRole, string>;
  const ids = {} as Record<ConsoleRole, string>;
  for (const role of ['analyst', 'manager', 'admin'] as const) {
    const email = `${role}@${domain}`;
    const { user, password } = await users.create({
      tenantId: t.tenant.tenant_id,
      email,
      role,
      password: 'a long enough password',
      now: t.clock.now(),
    });
    const reply = await t.api.inject({
      method: 'POST',
      url: '/api/console/v1/session',
      payload: { email, password },
    });
    expect(reply.statusCode).toBe(200);
    tokens[role] = reply.json<{ token: string }>().token;
    ids[role] = user.id;
  }
  return {
    ids,
    call: (method, url, role, body) =>
      t.api.inject({
        method,
        url,
        headers: { authorization: `Bearer ${tokens[role]}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
  };
}
