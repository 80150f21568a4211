import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import {
  DEFAULT_JOBS,
  DEFAULT_WORLD_DEVICES,
  TRAINING_WORLDS,
  WORLD_TRAIN_SEED,
  worldRuns,
} from '../../eval/world-config';
import { trainModels } from '../../eval/train-models';

/**
 * `locus train` (npm run train) — fits the signup and payment models in-process on the training worlds
 * (lib/eval/world-config.ts; the held-out worlds stay unseen for `npm run eval`).
 */
export function register(program: Command): void {
  program
    .command('train')
    .description('train the signup and payment models on the simulated training worlds (no server needed)')
    .option('--devices <n>', 'installations per training world', (v) => Number(v), DEFAULT_WORLD_DEVICES)
    .option('--out <dir>', 'where the model files go', 'models')
    .option('--jobs <n>', 'worlds assessed at once, in worker threads', (v) => Number(v), DEFAULT_JOBS)
    .option('--only <kind>', 'write only this model (signup or payment); the other file stays as it is')
    .action(async (o: { devices: number; out: string; jobs: number; only?: string }) => {
      if (o.only !== undefined && o.only !== 'signup' && o.only !== 'payment')
        throw new Error('--only takes signup or payment');
      const log = (line: string) => process.stderr.write(`${line}\n`);
      log(`train: worlds ${TRAINING_WORLDS.join(', ')}`);
      const { signup, payment } = await trainModels(
        worldRuns(TRAINING_WORLDS, WORLD_TRAIN_SEED, o.devices),
        log,
        o.jobs,
      );
      fs.mkdirSync(o.out, { recursive: true });
      for (const model of [signup, payment].filter((m) => o.only === undefined || m.kind === o.only)) {
        const file = path.join(o.out, `${model.kind}-model.json`);
        fs.writeFileSync(file, `${JSON.stringify(model, null, 2)}\n`);
        log(
          `train: wrote ${file} ${JSON.stringify(model.training)} thresholds ${JSON.stringify(model.thresholds)}`,
        );
      }
      process.stdout.write(`${JSON.stringify({ signup: signup.training, payment: payment.training })}\n`);
    });
}
