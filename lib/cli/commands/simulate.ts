import { writeFileSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import { systemClock } from '../../clock/system-clock';
import { driveApi } from '../../sim/drive-api';
import { generatePopulation } from '../../sim/generate-population';
import { progressReporter } from '../../sim/progress-reporter';
import { summarizeDrive } from '../../sim/summarize-drive';
import { FRAUD_SCENARIOS, type FraudScenario } from '../../sim/types';

interface SimulateOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  appKey: string;
  devices: number;
  seed: string;
  fraudShare: number;
  scenarios?: FraudScenario[];
  days?: number;
  concurrency: number;
  coordinatesShare: number;
  feedback: boolean;
  results?: string;
  requestToken: boolean;
}

const integer = (min: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`expected an integer ≥ ${min}`);
  return n;
};
const share = (value: string) => {
  const n = Number(value);
  if (!(n >= 0 && n <= 1)) throw new InvalidArgumentError('expected a number between 0 and 1');
  return n;
};
const scenarioList = (value: string): FraudScenario[] =>
  value
    .split(',')
    .filter(Boolean)
    .map((name) => {
      if (!(FRAUD_SCENARIOS as readonly string[]).includes(name)) {
        throw new InvalidArgumentError(`unknown scenario ${name}; known: ${FRAUD_SCENARIOS.join(', ')}`);
      }
      return name as FraudScenario;
    });

/** `locus simulate` — generate a seeded population and drive it through a running server's HTTP API. */
export function register(program: Command): void {
  program
    .command('simulate')
    .description('generate simulated devices (honest and fraudulent) and push them through the HTTP API')
    .requiredOption('--base-url <url>', 'server address, e.g. http://127.0.0.1:8080')
    .requiredOption('--client-id <id>', 'API client id')
    .requiredOption('--client-secret <secret>', 'API client secret')
    .requiredOption('--app-key <key>', 'SDK app key of the same tenant')
    .option('--devices <n>', 'installations to simulate', integer(1), 100)
    .option('--seed <seed>', 'seed: the same seed gives the same population', '1')
    .option('--fraud-share <share>', 'share of fraudulent installations', share, 0.3)
    .option(
      '--scenarios <list>',
      `fraud scenarios, comma-separated (${FRAUD_SCENARIOS.join(',')})`,
      scenarioList,
    )
    .option('--days <d>', 'days of history per device (default 3–21 at random)', integer(0))
    .option('--concurrency <c>', 'devices driven in parallel', integer(1), 8)
    .option('--coordinates-share <share>', 'share of addresses sent with coordinates', share, 1)
    .option('--feedback', 'send the labels back as feedback after the assessments', false)
    .option(
      '--request-token',
      'name installations by the SDK request_token instead of installation_id',
      false,
    )
    .option('--results <file>', 'write every assessment with its label as JSON lines (for evaluation)')
    .action(async (options: SimulateOptions) => {
      const population = generatePopulation({
        seed: options.seed,
        now: systemClock.now(),
        devices: options.devices,
        fraudShare: options.fraudShare,
        ...(options.scenarios ? { scenarios: options.scenarios } : {}),
        days: options.days ?? null,
        coordinatesShare: options.coordinatesShare,
      });
      const progress = progressReporter('simulate', population.devices.length, (line) =>
        process.stderr.write(`${line}\n`),
      );
      const report = await driveApi(population, {
        baseUrl: options.baseUrl,
        clientId: options.clientId,
        clientSecret: options.clientSecret,
        appKey: options.appKey,
        concurrency: options.concurrency,
        sendFeedback: options.feedback,
        identifyBy: options.requestToken ? 'request_token' : 'installation_id',
        onProgress: (done) => progress(done),
      });
      if (options.results)
        writeFileSync(options.results, report.results.map((r) => JSON.stringify(r)).join('\n') + '\n');
      process.stdout.write(`${JSON.stringify(summarizeDrive(population, report))}\n`);
    });
}
