import { randomUUID } from 'node:crypto';
import type { AuditItem } from '../../contracts/console/common';
import type { Executor } from '../repositories/executor';
import { userEmails } from './user-emails';

export interface AuditEntry {
  tenantId: string;
  actorUserId: string | null;
  action: string;
  subjectType: string;
  subjectId: string | null;
  before: unknown;
  after: unknown;
  at: number;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** The user id an assignment change names, if any. */
function assigneeOf(change: unknown): string | null {
  const value = change && typeof change === 'object' ? (change as Record<string, unknown>).assigned_to : null;
  return typeof value === 'string' ? value : null;
}

/** Assignment changes name the user by email, not by a UUID nobody can read. */
function withAssigneeName(change: unknown, names: Map<string, string>): unknown {
  const id = assigneeOf(change);
  if (id === null) return change;
  return { ...(change as Record<string, unknown>), assigned_to: names.get(id) ?? 'former user' };
}

export function makeAuditStore(db: Executor) {
  return {
    async write(e: AuditEntry): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          id: randomUUID(),
          tenant_id: e.tenantId,
          actor_user_id: e.actorUserId,
          action: e.action,
          subject_type: e.subjectType,
          subject_id: e.subjectId,
          before: json(e.before),
          after: json(e.after),
          at: e.at,
        })
        .execute();
    },

    /** Newest first; `subject` narrows to one case. */
    async list(
      tenantId: string,
      opts: { subject?: { type: string; id: string }; before?: number; limit: number },
    ): Promise<AuditItem[]> {
      let query = db
        .selectFrom('audit_log')
        .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
        .leftJoin('users as subject_user', (join) =>
          join
            .onRef('subject_user.id', '=', 'audit_log.subject_id')
            .on('audit_log.subject_type', '=', 'user'),
        )
        .select([
          'audit_log.id',
          'audit_log.at',
          'audit_log.action',
          'audit_log.subject_type',
          'audit_log.subject_id',
          'audit_log.before',
          'audit_log.after',
          'audit_log.actor_user_id',
          'users.email as actor_email',
          'subject_user.email as subject_email',
        ])
        .where('audit_log.tenant_id', '=', tenantId);
      if (opts.subject) {
        query = query
          .where('audit_log.subject_type', '=', opts.subject.type)
          .where('audit_log.subject_id', '=', opts.subject.id);
      }
      if (opts.before !== undefined) query = query.where('audit_log.at', '<', opts.before);
      const rows = await query.orderBy('audit_log.at', 'desc').limit(opts.limit).execute();
      const changes = rows.map((r) => ({ before: parse(r.before), after: parse(r.after) }));
      const names = await userEmails(
        db,
        changes.flatMap((c) => [assigneeOf(c.before), assigneeOf(c.after)]),
      );
      return rows.map((r, i) => ({
        id: r.id,
        at: Number(r.at),
        action: r.action,
        subject_type: r.subject_type,
        subject_id: r.subject_id,
        subject_name: r.subject_email ?? null,
        before: withAssigneeName(changes[i]?.before ?? null, names),
        after: withAssigneeName(changes[i]?.after ?? null, names),
        actor: r.actor_user_id ? { id: r.actor_user_id, email: r.actor_email ?? 'deleted user' } : null,
      }));
    },
  };
}
