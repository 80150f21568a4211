import type { Command } from 'commander';
import { databaseTimeoutsFromEnv } from '../../db/database-timeouts';
import { createRuntimeWorker } from '../../jobs/create-worker';
import { createRuntime } from '../../runtime/create-runtime';
import { runtimeConfigFromEnv } from '../../runtime/runtime-config';

/** `locus worker` — only the background worker: run several against PostgreSQL to scale out. */
export function register(program: Command): void {
  program
    .command('worker')
    .description(
      'run only the background worker (reassessments, webhook deliveries, retention) on DATABASE_URL',
    )
    .action(async () => {
      const runtime = await createRuntime({
        databaseUrl: runtimeConfigFromEnv(process.env).databaseUrl,
        connect: { timeouts: databaseTimeoutsFromEnv(process.env) },
      });
      const worker = await createRuntimeWorker(runtime, process.env);
      worker.start();
      console.log(JSON.stringify({ worker: 'started', engine: runtime.handle.engine, pid: process.pid }));
      const stop = async () => {
        await worker.stop();
        await runtime.close();
        process.exit(0);
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    });
}
