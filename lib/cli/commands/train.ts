import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { PAYMENT_FEATURES, PAYMENT_FEATURE_REASONS } from '../../domain/payment/payment-features';
import { SIGNUP_FEATURES, SIGNUP_FEATURE_REASONS } from '../../domain/signup/signup-features';
import { assessPopulation } from '../../eval/assess-population';
import { fitRiskModel } from '../../eval/fit-risk-model';
import { DEFAULT_TRAIN_DEVICES, SIMULATION_NOW, TRAIN_SEED } from '../../eval/population-config';
import { generatePopulation } from '../../sim/generate-population';
import { progressReporter } from '../../sim/progress-reporter';

/** `locus train` (npm run train) — fits the signup and payment models on a seeded simulated population, in-process. */
export function register(program: Command): void {
  program
    .command('train')
    .description('train the signup and payment models on a simulated population (no server needed)')
    .option('--devices <n>', 'installations to simulate', (v) => Number(v), DEFAULT_TRAIN_DEVICES)
    .option('--seed <seed>', 'population seed', TRAIN_SEED)
    .option('--out <dir>', 'where the model files go', 'models')
    .action(async (o: { devices: number; seed: string; out: string }) => {
      const log = (line: string) => process.stderr.write(`${line}\n`);
      log(`train: generating ${o.devices} devices (seed ${o.seed})`);
      const population = generatePopulation({ seed: o.seed, now: SIMULATION_NOW, devices: o.devices });
      const progress = progressReporter('train: assessing', population.devices.length, log, 10);
      const rows = await assessPopulation(population, (done) => progress(done));
      const version = `lr-${o.seed}-${o.devices}`;
      const signup = fitRiskModel(
        rows.filter((r) => r.kind === 'signup'),
        {
          kind: 'signup',
          features: SIGNUP_FEATURES,
          reasonCodes: SIGNUP_FEATURE_REASONS,
          seed: o.seed,
          version,
        },
      );
      const payment = fitRiskModel(
        rows.filter((r) => r.kind !== 'signup'),
        {
          kind: 'payment',
          features: PAYMENT_FEATURES,
          reasonCodes: PAYMENT_FEATURE_REASONS,
          seed: o.seed,
          version,
        },
      );
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
