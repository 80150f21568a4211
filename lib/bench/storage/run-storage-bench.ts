// `npm run bench:storage` — the storage benchmark alone (`npm run bench` runs it after the load tests).
import { formatStorage, runStorageBench } from './storage-bench';
import { storageBenchConfigFromEnv } from './storage-config';

const config = storageBenchConfigFromEnv(process.env);
const figures = await runStorageBench(config);
for (const line of formatStorage(figures, config)) console.log(line);
console.log(JSON.stringify({ bench: 'storage', config, ...figures }));
