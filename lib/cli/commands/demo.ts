import path from 'node:path';
import type { Command } from 'commander';
import { systemClock } from '../../clock/system-clock';
import { ensureConsoleBuild, loadOrCreateAuthSecret, startConsole } from '../../console-api/start-console';
import { createRuntime } from '../../runtime/create-runtime';
import { ensureDemoAccounts } from '../../runtime/demo-tenant';
import { runtimeConfigFromEnv } from '../../runtime/runtime-config';
import { startProduct } from '../../runtime/start-product';
import { makeDemoClock } from '../../sim/demo-clock';
import { seedDemo } from '../../sim/seed-demo';

const log = (line: string) => console.error(line);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `locus demo` (npm start) — API, worker and console on the embedded default, seeded with simulated devices. */
export function register(program: Command): void {
  program
    .command('demo')
    .description('start API, worker and console on SQLite with a seeded demo tenant (what `npm start` runs)')
    .option('--devices <n>', 'simulated devices to seed on first start', '300')
    .option('--no-console', 'start only the API and the worker')
    .action(async (options: { devices: string; console: boolean }) => {
      // A first start builds the console and seeds the demo: the build (a child process) starts now and
      // runs alongside migrations and seeding, instead of after them.
      const build = options.console ? timed(ensureConsoleBuild({ log })) : null;
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
      log(`API answering at ${product.apiUrl} after ${seconds(process.uptime() * 1000)}`);
      const seeding = created
        ? await timed(
            (async () => {
              log(`seeding ${options.devices} simulated devices through the API…`);
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
            })(),
          )
        : null;
      const built = build ? await build : null;
      const consoleApp = options.console
        ? await startConsole({
            port: Number(process.env.CONSOLE_PORT ?? 3000),
            apiUrl: product.apiUrl,
            authSecret: loadOrCreateAuthSecret(dataDir),
            log,
          })
        : null;
      console.log('');
      const parts = [
        built?.value && `console build ${seconds(built.ms)}`,
        seeding && `seeding ${seconds(seeding.ms)}`,
      ];
      const ran = parts.filter(Boolean);
      const took = ran.join(' and ') + (ran.length > 1 ? ', side by side' : '');
      console.log(
        `Locus is running (${runtime.handle.engine}, ${config.databaseUrl}), ready in ` +
          `${seconds(process.uptime() * 1000)}${took ? ` (${took})` : ''}.`,
      );
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

/**
 * How long a piece of the start took. The promise is observed at once, so that a failing build is not
 * an unhandled rejection while the seeding still runs; awaiting the result rethrows its error.
 */
function timed<T>(work: Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const result = work.then((value) => ({ ms: performance.now() - started, value }));
  result.catch(() => undefined);
  return result;
}

/** Prints seeding progress every 5 %. */
function progressPrinter(): (done: number, total: number) => void {
  let lastShown = -1;
  return (done, total) => {
    const pct = Math.floor((done / total) * 20) * 5;
    if (pct === lastShown) return;
    lastShown = pct;
    log(`  seeding ${pct}% (${done}/${total})`);
  };
}
