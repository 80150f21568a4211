import type { Command } from 'commander';
import { connectDatabase } from '../../db/connect.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { refreshStatistics } from '../../db/postgres-statistics.ts';
import type { GeodataTables } from '../../db/schema/geodata.ts';
import { OPENSTREETMAP_ATTRIBUTION } from '../../geocode/attribution.ts';
import { importOsmExtract } from '../../geocode/osm/import-osm.ts';

/** `locus geodata import <file>` — load streets and house numbers of an OSM extract into the street index. */
export function register(program: Command): void {
  const geodata = program
    .command('geodata')
    .description('manage the geocoding street index (OpenStreetMap extracts)');
  geodata
    .command('import')
    .argument('<file>', 'OpenStreetMap extract: .osm (XML) or .osm.pbf')
    .description('import named streets and house numbers of an OSM extract (re-importing updates in place)')
    .option('--database <url>', 'database URL (default: DATABASE_URL or sqlite:./data/locus.db)')
    .action(async (file: string, options: { database?: string }) => {
      const handle = connectDatabase(
        options.database ?? process.env.DATABASE_URL ?? 'sqlite:./data/locus.db',
      );
      try {
        await migrateToLatest(handle);
        const db = handle.db.withTables<GeodataTables>();
        const started = performance.now();
        const summary = await importOsmExtract(db, file, { log: (line) => console.log(line) });
        console.log(
          `imported ${summary.streets} street segments and ${summary.houseNumbers} house numbers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
        // The street index's plans are chosen from its statistics: fresh ones now, not at autovacuum's next round.
        if (handle.engine === 'postgres') {
          const { analysed } = await refreshStatistics(handle.db, { force: true });
          if (analysed.length > 0) console.log(`analysed ${analysed.join(', ')}`);
        }
        console.log(OPENSTREETMAP_ATTRIBUTION);
      } finally {
        await handle.close();
      }
    });
}
