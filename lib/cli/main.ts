import { Command } from 'commander';
import { describeCliError } from './cli-error';
import { register as registerBackup } from './commands/backup';
import { register as registerDemo } from './commands/demo';
import { register as registerGeodata } from './commands/geodata';
import { register as registerMigrate } from './commands/migrate';
import { register as registerRetention } from './commands/retention';
import { register as registerServe } from './commands/serve';
import { register as registerSimulate } from './commands/simulate';
import { register as registerTenant } from './commands/tenant';
import { register as registerTrain } from './commands/train';
import { register as registerEval } from './commands/eval';
import { register as registerStore } from './commands/store';
import { register as registerSubjectData } from './commands/subject-data';
import { register as registerUser } from './commands/user';
import { register as registerWebhook } from './commands/webhook';
import { register as registerWorker } from './commands/worker';

const program = new Command('locus')
  .description('Locus: location-based risk assessment service')
  .showHelpAfterError();

for (const register of [
  registerDemo,
  registerServe,
  registerMigrate,
  registerTenant,
  registerGeodata,
  registerSimulate,
  registerUser,
  registerWebhook,
  registerWorker,
  registerTrain,
  registerEval,
  registerStore,
  registerSubjectData,
  registerBackup,
  registerRetention,
]) {
  register(program);
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // One clear line and a non-zero exit; whatever the command left open (a pool, a timer) must not keep it alive.
  console.error(`locus: ${describeCliError(error)}`);
  process.exit(1);
}
