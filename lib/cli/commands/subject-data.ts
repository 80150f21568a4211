import { v7 as uuidv7 } from 'uuid';
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { SUBJECT_TYPES, SubjectTypeSchema } from '../../contracts/subject-data';
import { jobLeaseMs } from '../../jobs/create-worker';
import { makeEraseSubject } from '../../usecases/erase-subject';
import { withTenant } from '../with-tenant';

/** `locus erase|export installation|account <id>` — data-subject requests from the command line. */
export function register(program: Command): void {
  program
    .command('erase')
    .argument('<type>', SUBJECT_TYPES.join('|'))
    .argument('<id>', 'the installation or account id')
    .requiredOption('--client-id <id>', "the tenant's API client id")
    .description(
      'erase the personal data of one installation or account (docs/OPERATIONS.md); progress on stderr, the summary on stdout',
    )
    .action((type: string, id: string, o: { clientId: string }) =>
      withTenant(o.clientId, (runtime, tenantId) =>
        makeEraseSubject({
          db: runtime.db,
          clock: runtime.clock,
          newId: uuidv7,
          handoverMs: jobLeaseMs(process.env),
          onProgress: (step) =>
            step.rows > 0 && process.stderr.write(`erase: ${step.action} ${step.rows} ${step.table}\n`),
        }).request({ tenantId, type: subjectType(type), id }, { requestedBy: 'cli', actorUserId: null }),
      ),
    );

  program
    .command('export')
    .argument('<type>', SUBJECT_TYPES.join('|'))
    .argument('<id>', 'the installation or account id')
    .requiredOption('--client-id <id>', "the tenant's API client id")
    .option('--out <file>', 'write the document to this file instead of stdout')
    .description('everything stored about one installation or account, as one JSON document')
    .action((type: string, id: string, o: { clientId: string; out?: string }) =>
      withTenant(o.clientId, async (runtime, tenantId) => {
        const document = await runtime.deps.exportSubject({ tenantId, type: subjectType(type), id });
        if (!o.out) return document;
        writeFileSync(o.out, JSON.stringify(document));
        return { written: o.out, location_events: document.location_events.length };
      }),
    );
}

function subjectType(text: string) {
  const parsed = SubjectTypeSchema.safeParse(text);
  if (!parsed.success) throw new Error(`the type must be ${SUBJECT_TYPES.join(' or ')}, got ${text}`);
  return parsed.data;
}
