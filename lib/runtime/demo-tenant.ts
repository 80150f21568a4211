import fs from 'node:fs';
import path from 'node:path';
import type { CreatedTenant } from '../usecases/create-tenant';
import type { Runtime } from './create-runtime';

/**
 * The demo tenant's credentials live in a file beside the database (mode 0600), because the secret is
 * stored only as a hash and the demo must print it at every start.
 */
export async function ensureDemoTenant(runtime: Runtime, dataDir: string): Promise<{ tenant: CreatedTenant; created: boolean }> {
  const file = path.join(dataDir, 'demo-credentials.json');
  if (fs.existsSync(file)) return { tenant: JSON.parse(fs.readFileSync(file, 'utf8')) as CreatedTenant, created: false };
  const tenant = await runtime.createTenant('Demo Bank');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(tenant, null, 2), { mode: 0o600 });
  return { tenant, created: true };
}
