import type { Command } from 'commander';
import { createRuntime } from '../../runtime/create-runtime';
import { runtimeConfigFromEnv } from '../../runtime/runtime-config';
import { startServer } from '../../server/start-server';

/** `locus serve` — the risk API and the background worker in one process. */
export function register(program: Command): void {
  program
    .command('serve')
    .description('run the risk API (PORT, HOST) and the background worker on DATABASE_URL')
    .action(async () => {
      const config = runtimeConfigFromEnv(process.env);
      const runtime = await createRuntime({ databaseUrl: config.databaseUrl });
      const { api, url } = await startServer(runtime, config);
      console.log(JSON.stringify({ api_url: url, engine: runtime.handle.engine }));
      const stop = async () => {
        await api.close();
        await runtime.close();
        process.exit(0);
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    });
}
