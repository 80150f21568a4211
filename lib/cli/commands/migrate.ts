import type { Command } from 'commander';
import { connectDatabase } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { runtimeConfigFromEnv } from '../../runtime/runtime-config';

/** `locus migrate` — bring the database schema up to date. */
export function register(program: Command): void {
  program
    .command('migrate')
    .description('create or upgrade the database schema (DATABASE_URL)')
    .action(async () => {
      const handle = connectDatabase(runtimeConfigFromEnv(process.env).databaseUrl);
      try {
        const applied = await migrateToLatest(handle);
        console.log(JSON.stringify({ engine: handle.engine, applied }));
      } finally {
        await handle.close();
      }
    });
}
