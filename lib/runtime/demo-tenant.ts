import fs from 'node:fs';
import path from 'node:path';
import type { Role } from '../contracts/console/common';
import { makeUsersStore } from '../db/console/users-store';
import type { CreatedTenant } from '../usecases/create-tenant';
import type { Runtime } from './create-runtime';

export interface DemoUser {
  email: string;
  role: Role;
  password: string;
}

export interface DemoAccounts {
  tenant: CreatedTenant;
  users: DemoUser[];
}

const DEMO_ROLES: readonly Role[] = ['analyst', 'manager', 'admin'];

/**
 * The demo tenant and one console user per role. Their secrets live in a file beside the database
 * (mode 0600), because only hashes are stored and the demo prints them at every start.
 */
export async function ensureDemoAccounts(
  runtime: Runtime,
  dataDir: string,
): Promise<{ accounts: DemoAccounts; created: boolean }> {
  const file = path.join(dataDir, 'demo-credentials.json');
  if (fs.existsSync(file))
    return { accounts: JSON.parse(fs.readFileSync(file, 'utf8')) as DemoAccounts, created: false };
  const tenant = await runtime.createTenant('Demo Bank');
  const users = makeUsersStore(runtime.db);
  const created: DemoUser[] = [];
  for (const role of DEMO_ROLES) {
    const email = `${role}@demo.locus`;
    const { password } = await users.create({
      tenantId: tenant.tenant_id,
      email,
      role,
      now: runtime.clock.now(),
    });
    created.push({ email, role, password });
  }
  const accounts: DemoAccounts = { tenant, users: created };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(accounts, null, 2), { mode: 0o600 });
  return { accounts, created: true };
}
