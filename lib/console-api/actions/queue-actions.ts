'use server';
// Working a queue: bulk assignment and closing (managers), filters saved per user.
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { BulkActionSchema, QueueKindSchema, SaveFilterSchema } from '../../contracts/console/queue';
import { consoleAction } from '../console-action';

export const bulkCases = consoleAction(
  'manager',
  z.object({ kind: QueueKindSchema, action: BulkActionSchema }),
  async ({ kind, action }, { api }) => {
    const { results } = await api[kind].bulk(action);
    revalidatePath(`/${kind}`);
    const failed = results.filter((r) => !r.ok);
    return {
      done: results.length - failed.length,
      failed: failed.map((r) => `${r.id.slice(0, 8)}: ${r.error}`),
    };
  },
);

export const saveQueueFilter = consoleAction('analyst', SaveFilterSchema, async (input, { api }) => {
  const saved = await api.savedFilters.save(input.kind, input.name, input.query);
  revalidatePath(`/${input.kind}`);
  return saved;
});

export const deleteQueueFilter = consoleAction(
  'analyst',
  z.object({ kind: QueueKindSchema, id: z.string().min(1).max(100) }),
  async ({ kind, id }, { api }) => {
    await api.savedFilters.remove(id);
    revalidatePath(`/${kind}`);
    return { id };
  },
);
