import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { DEFAULT_TRAIN_DEVICES, trainingPopulations } from '../../eval/population-config';
import { trainModels } from '../../eval/train-models';

/**
 * `locus train` (npm run train) — fits the signup and payment models in-process on the training mix:
 * the default simulated population and the hard one (docs/RISK.md §5).
 */
export function register(program: Command): void {
  program
    .command('train')
    .description('train the signup and payment models on simulated populations (no server needed)')
    .option('--devices <n>', 'installations per training population', (v) => Number(v), DEFAULT_TRAIN_DEVICES)
    .option('--out <dir>', 'where the model files go', 'models')
    .action(async (o: { devices: number; out: string }) => {
      const log = (line: string) => process.stderr.write(`${line}\n`);
      const { signup, payment } = await trainModels(trainingPopulations(o.devices), log);
      fs.mkdirSync(o.out, { recursive: true });
      for (const model of [signup, payment]) {
        const file = path.join(o.out, `${model.kind}-model.json`);
        fs.writeFileSync(file, `${JSON.stringify(model, null, 2)}\n`);
        log(
          `train: wrote ${file} ${JSON.stringify(model.training)} thresholds ${JSON.stringify(model.thresholds)}`,
        );
      }
      process.stdout.write(`${JSON.stringify({ signup: signup.training, payment: payment.training })}\n`);
    });
}
