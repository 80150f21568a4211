import type { Command } from 'commander';
import { backupSqlite, restoreSqlite, sqliteFileOf } from '../../db/sqlite-backup';
import { runtimeConfigFromEnv } from '../../runtime/runtime-config';

/** `locus backup <file>` and `locus restore <file>` — the embedded database (docs/OPERATIONS.md). */
export function register(program: Command): void {
  program
    .command('backup')
    .argument('<file>', 'where to write the copy')
    .description('a consistent online copy of the SQLite database while the API and workers run')
    .action(async (file: string) => {
      const database = sqliteFileOf(runtimeConfigFromEnv(process.env).databaseUrl);
      process.stderr.write(`backup: copying ${database} to ${file}\n`);
      const started = Date.now();
      const result = await backupSqlite(database, file);
      console.log(JSON.stringify({ backup: file, ...result, seconds: (Date.now() - started) / 1000 }));
    });

  program
    .command('restore')
    .argument('<file>', 'a file written by locus backup')
    .description('replace the SQLite database with a backup (stop the API and workers first)')
    .action(async (file: string) => {
      const database = sqliteFileOf(runtimeConfigFromEnv(process.env).databaseUrl);
      process.stderr.write(`restore: copying ${file} over ${database}\n`);
      const result = await restoreSqlite(file, database);
      console.log(JSON.stringify({ restored: database, from: file, ...result }));
    });
}
