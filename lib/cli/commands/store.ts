import { InvalidArgumentError, type Command } from 'commander';
import { makeStoreRepo } from '../../db/repositories/store-repo';
import { createRuntime } from '../../runtime/create-runtime';
import { runtimeConfigFromEnv } from '../../runtime/runtime-config';

const coordinate = (min: number, max: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new InvalidArgumentError(`expected a number in [${min}, ${max}]`);
  return n;
};

/** `locus store add|list|remove` — the per-tenant registry of stores that in-store payments name by store_id. */
export function register(program: Command): void {
  const store = program
    .command('store')
    .description('manage the store registry of a tenant (in-store payments)');
  store
    .command('add')
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--store-id <id>', 'the store_id clients send')
    .requiredOption('--lat <lat>', 'latitude', coordinate(-90, 90))
    .requiredOption('--lng <lng>', 'longitude', coordinate(-180, 180))
    .option('--name <name>', 'a label for people')
    .description('add or move a store; prints the stored record')
    .action(async (o: { tenant: string; storeId: string; lat: number; lng: number; name?: string }) => {
      await withStores(async (stores, now) => {
        const record = {
          tenantId: o.tenant,
          storeId: o.storeId,
          name: o.name ?? null,
          lat: o.lat,
          lng: o.lng,
        };
        await stores.upsert(record, now);
        console.log(JSON.stringify(record));
      });
    });
  store
    .command('list')
    .requiredOption('--tenant <id>', 'tenant id')
    .description('list the stores of a tenant, one JSON line each')
    .action(async (o: { tenant: string }) => {
      await withStores(async (stores) => {
        for (const s of await stores.list(o.tenant)) console.log(JSON.stringify(s));
      });
    });
  store
    .command('remove')
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--store-id <id>', 'store id')
    .description('remove a store')
    .action(async (o: { tenant: string; storeId: string }) => {
      await withStores(async (stores) => {
        console.log(JSON.stringify({ removed: await stores.remove(o.tenant, o.storeId) }));
      });
    });
}

async function withStores(work: (stores: ReturnType<typeof makeStoreRepo>, now: number) => Promise<void>) {
  const runtime = await createRuntime({ databaseUrl: runtimeConfigFromEnv(process.env).databaseUrl });
  try {
    await work(makeStoreRepo(runtime.db), runtime.clock.now());
  } finally {
    await runtime.close();
  }
}
