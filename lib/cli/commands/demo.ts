import path from 'node:path';
import type { Command } from 'commander';
import { systemClock } from '../../clock/system-clock';
import { createRuntime } from '../../runtime/create-runtime';
import { ensureDemoTenant } from '../../runtime/demo-tenant';
import { runtimeConfigFromEnv } from '../../runtime/runtime-config';
import { startProduct } from '../../runtime/start-product';
import { seedDemo } from '../../sim/seed-demo';

/** `locus demo` (npm start) — the whole product on the embedded default, seeded with simulated devices. */
export function register(program: Command): void {
  program
    .command('demo')
    .description('start API, worker and console on SQLite with a seeded demo tenant (what `npm start` runs)')
    .option('--devices <n>', 'simulated devices to seed on first start', '300')
    .action(async (options: { devices: string }) => {
      const config = runtimeConfigFromEnv(process.env);
      const runtime = await createRuntime({ databaseUrl: config.databaseUrl });
      const dataDir = config.databaseUrl.startsWith('sqlite:')
        ? path.dirname(path.resolve(config.databaseUrl.slice('sqlite:'.length)))
        : path.resolve('data');
      const { tenant, created } = await ensureDemoTenant(runtime, dataDir);
      const product = await startProduct(runtime, config);
      if (created) {
        console.error(`seeding ${options.devices} simulated devices through the API…`);
        let lastShown = -1;
        await seedDemo({
          baseUrl: product.apiUrl,
          credentials: { clientId: tenant.client_id, clientSecret: tenant.client_secret },
          appKey: tenant.app_key,
          devices: Number(options.devices),
          seed: 'demo',
          clock: systemClock,
          onProgress: (done, total) => {
            const pct = Math.floor((done / total) * 20) * 5;
            if (pct === lastShown) return;
            lastShown = pct;
            console.error(`  ${pct}% (${done}/${total})`);
          },
        });
      }
      console.log('');
      console.log(`Locus is running (${runtime.handle.engine}).`);
      console.log(`  API:          ${product.apiUrl}   (docs: ${product.apiUrl}/docs)`);
      console.log(`  client_id:    ${tenant.client_id}`);
      console.log(`  client_secret: ${tenant.client_secret}`);
      console.log(`  SDK app key:  ${tenant.app_key}`);
      const stop = async () => {
        await product.stop();
        await runtime.close();
        process.exit(0);
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    });
}
