'use server';
// The admin's erasure of one end user; the API records who asked in the audit log.
import { ErasureRequestSchema } from '../../contracts/subject-data';
import { adaptErasure } from '../adapt-erasure';
import { consoleAction } from '../console-action';

export const eraseSubject = consoleAction('admin', ErasureRequestSchema, async (input, { api }) =>
  adaptErasure(await api.erase(input)),
);
