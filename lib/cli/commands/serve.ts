import cluster from 'node:cluster';
import path from 'node:path';
import type { Command } from 'commander';
import { loadOrCreateAuthSecret, startConsole } from '../../console-api/start-console';
import { connectDatabase } from '../../db/connect';
import { databaseTimeoutsFromEnv } from '../../db/database-timeouts';
import { migrateToLatest } from '../../db/migrate';
import {
  RUN_JOBS_ENV,
  announceApiReady,
  apiProcessCount,
  forkApiProcesses,
  poolSizePerProcess,
} from '../../runtime/api-cluster';
import { createRuntime } from '../../runtime/create-runtime';
import { runtimeConfigFromEnv, type RuntimeConfig } from '../../runtime/runtime-config';
import { startProduct } from '../../runtime/start-product';

/** `locus serve` — the risk API and the background worker (one process, or LOCUS_API_PROCESSES of them). */
export function register(program: Command): void {
  program
    .command('serve')
    .description('run the risk API (PORT, HOST) and the background worker on DATABASE_URL')
    .option('--console', 'also run the analyst console (CONSOLE_PORT, default 3000)')
    .action(async (options: { console?: boolean }) => {
      const config = runtimeConfigFromEnv(process.env);
      const processes = apiProcessCount(process.env);
      if (cluster.isWorker) {
        await serveApiProcess(config);
        return;
      }
      const api = processes > 1 ? await serveCluster(config, processes) : await serveApiProcess(config);
      const consoleApp = options.console
        ? await startConsole({
            port: Number(process.env.CONSOLE_PORT ?? 3000),
            apiUrl: api.apiUrl,
            authSecret: loadOrCreateAuthSecret(path.resolve('data')),
            log: (line) => console.error(line),
          })
        : null;
      console.log(JSON.stringify({ api_url: api.apiUrl, console_url: consoleApp?.url ?? null, processes }));
      const stop = async () => {
        await consoleApp?.stop();
        await api.stop();
        process.exit(0);
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    });
}

/** One API process (with the worker unless the cluster gave it to a sibling). */
async function serveApiProcess(config: RuntimeConfig) {
  const poolSize = poolSizePerProcess(process.env, apiProcessCount(process.env));
  const runtime = await createRuntime({
    databaseUrl: config.databaseUrl,
    connect: { poolSize, timeouts: databaseTimeoutsFromEnv(process.env) },
  });
  const product = await startProduct(runtime, config, { runJobs: process.env[RUN_JOBS_ENV] !== '0' });
  announceApiReady(product.apiUrl);
  const stop = async () => {
    await product.stop();
    await runtime.close();
  };
  if (cluster.isWorker) process.once('SIGTERM', () => void stop().then(() => process.exit(0)));
  return { apiUrl: product.apiUrl, stop };
}

/** Migrates once, then forks the API processes. */
async function serveCluster(config: RuntimeConfig, processes: number) {
  const handle = connectDatabase(config.databaseUrl);
  await migrateToLatest(handle);
  await handle.close();
  return forkApiProcesses(processes);
}
