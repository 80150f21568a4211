import path from 'node:path';
import type { Command } from 'commander';
import { systemClock } from '../../clock/system-clock';
import { loadOrCreateAuthSecret, startConsole } from '../../console-api/start-console';
import { createRuntime } from '../../runtime/create-runtime';
import { ensureDemoAccounts } from '../../runtime/demo-tenant';
import { runtimeConfigFromEnv } from '../../runtime/runtime-config';
import { startProduct } from '../../runtime/start-product';
import { makeDemoClock } from '../../sim/demo-clock';
import { seedDemo } from '../../sim/seed-demo';

/** `locus demo` (npm start) — API, worker and console on the embedded default, seeded with simulated devices. */
export function register(program: Command): void {
  program
    .command('demo')
    .description('start API, worker and console on SQLite with a seeded demo tenant (what `npm start` runs)')
    .option('--devices <n>', 'simulated devices to seed on first start', '300')
    .option('--no-console', 'start only the API and the worker')
    .action(async (options: { devices: string; console: boolean }) => {
      const config = runtimeConfigFromEnv(process.env);
      // The demo's webhook receiver runs on this machine (lib/sim/demo-webhook-receiver.ts).
      process.env.LOCUS_WEBHOOK_ALLOW_PRIVATE ??= '1';
      process.env.LOCUS_WEBHOOK_HTTP_HOSTS ??= '127.0.0.1';
      // The seeding moves this clock through the simulated month; afterwards it is the system clock.
      const clock = makeDemoClock(systemClock);
      const runtime = await createRuntime({ databaseUrl: config.databaseUrl, clock });
      const dataDir = config.databaseUrl.startsWith('sqlite:')
        ? path.dirname(path.resolve(config.databaseUrl.slice('sqlite:'.length)))
        : path.resolve('data');
      const { accounts, created } = await ensureDemoAccounts(runtime, dataDir);
      const { tenant } = accounts;
      const product = await startProduct(runtime, config);
      if (created) {
        console.error(`seeding ${options.devices} simulated devices through the API…`);
        await seedDemo({
          baseUrl: product.apiUrl,
          credentials: { clientId: tenant.client_id, clientSecret: tenant.client_secret },
          appKey: tenant.app_key,
          devices: Number(options.devices),
          seed: 'demo',
          clock,
          analyst: accounts.users.find((u) => u.role === 'analyst'),
          webhookReceiver: true,
          onProgress: progressPrinter(),
        });
      }
      const consoleApp = options.console
        ? await startConsole({
            port: Number(process.env.CONSOLE_PORT ?? 3000),
            apiUrl: product.apiUrl,
            authSecret: loadOrCreateAuthSecret(dataDir),
            log: (line) => console.error(line),
          })
        : null;
      console.log('');
      console.log(`Locus is running (${runtime.handle.engine}, ${config.databaseUrl}).`);
      if (consoleApp) {
        console.log(`  Console:       ${consoleApp.url}`);
        for (const user of accounts.users)
          console.log(`    sign in as ${user.role.padEnd(8)} ${user.email} / ${user.password}`);
      }
      console.log(`  API:           ${product.apiUrl}   (docs: ${product.apiUrl}/docs)`);
      console.log(`  client_id:     ${tenant.client_id}`);
      console.log(`  client_secret: ${tenant.client_secret}`);
      console.log(`  SDK app key:   ${tenant.app_key}`);
      const stop = async () => {
        await consoleApp?.stop();
        await product.stop();
        await runtime.close();
        process.exit(0);
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    });
}

/** Prints seeding progress every 5 %. */
function progressPrinter(): (done: number, total: number) => void {
  let lastShown = -1;
  return (done, total) => {
    const pct = Math.floor((done / total) * 20) * 5;
    if (pct === lastShown) return;
    lastShown = pct;
    console.error(`  ${pct}% (${done}/${total})`);
  };
}
