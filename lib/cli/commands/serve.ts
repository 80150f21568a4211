import path from 'node:path';
import type { Command } from 'commander';
import { loadOrCreateAuthSecret, startConsole } from '../../console-api/start-console';
import { createRuntime } from '../../runtime/create-runtime';
import { runtimeConfigFromEnv } from '../../runtime/runtime-config';
import { startProduct } from '../../runtime/start-product';

/** `locus serve` — the risk API and the background worker in one process. */
export function register(program: Command): void {
  program
    .command('serve')
    .description('run the risk API (PORT, HOST) and the background worker on DATABASE_URL')
    .option('--console', 'also run the analyst console (CONSOLE_PORT, default 3000)')
    .action(async (options: { console?: boolean }) => {
      const config = runtimeConfigFromEnv(process.env);
      const runtime = await createRuntime({ databaseUrl: config.databaseUrl });
      const product = await startProduct(runtime, config);
      const consoleApp = options.console
        ? await startConsole({
            port: Number(process.env.CONSOLE_PORT ?? 3000),
            apiUrl: product.apiUrl,
            authSecret: loadOrCreateAuthSecret(path.resolve('data')),
            log: (line) => console.error(line),
          })
        : null;
      console.log(
        JSON.stringify({
          api_url: product.apiUrl,
          console_url: consoleApp?.url ?? null,
          engine: runtime.handle.engine,
        }),
      );
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
