'use server';
// Review-queue mutations: claim, assign, next case, decisions. Each one goes through consoleAction.
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { PaymentDecisionSchema, SignupDecisionSchema } from '../../contracts/console/review';
import { consoleAction } from '../console-action';

const CaseKind = z.enum(['signups', 'payments']);
const CaseRef = z.object({ kind: CaseKind, id: z.string().min(1).max(100) });

export const claimCase = consoleAction('analyst', CaseRef, async ({ kind, id }, { api }) => {
  const result = await api[kind].claim(id);
  revalidatePath(`/${kind}`);
  return { status: result.review_status, assignee: result.assigned_to?.email ?? null };
});

export const assignCase = consoleAction(
  'analyst',
  CaseRef.extend({ userId: z.string().max(100).nullable() }),
  async ({ kind, id, userId }, { api }) => {
    const result = await api[kind].assign(id, userId);
    revalidatePath(`/${kind}`);
    return { status: result.review_status, assignee: result.assigned_to?.email ?? null };
  },
);

/** Claims the oldest open case (or the user's own case in review) and says which one it is. */
export const takeNextCase = consoleAction(
  'analyst',
  z.object({ kind: CaseKind }),
  async ({ kind }, { api }) => {
    const next = await api[kind].next();
    return { href: next.id ? `/${kind}/${next.id}` : null };
  },
);

export const decideSignup = consoleAction(
  'analyst',
  z.object({ id: z.string().min(1).max(100), decision: SignupDecisionSchema }),
  async ({ id, decision }, { api }) => {
    const result = await api.signups.decide(id, decision);
    revalidatePath('/signups');
    return result;
  },
);

export const decidePayment = consoleAction(
  'analyst',
  z.object({ id: z.string().min(1).max(100), decision: PaymentDecisionSchema }),
  async ({ id, decision }, { api }) => {
    const result = await api.payments.decide(id, decision);
    revalidatePath('/payments');
    return result;
  },
);
