import Link from 'next/link';
import { adaptAuditLog } from '../../../lib/console-api/adapt-case-history';
import { loadOrFail } from '../../../lib/console-api/load-or-fail';
import { firstParam } from '../../../lib/console-api/queue-filters';
import { requireConsoleUser } from '../../../lib/console-api/session';

export const metadata = { title: 'Audit log' };

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const cursor = firstParam((await searchParams).cursor);
  const { api } = await requireConsoleUser('admin', '/audit');
  const page = await loadOrFail(api.audit({ cursor, limit: 50 }));
  const rows = adaptAuditLog(page.items);
  return (
    <div className="stack">
      <h1>Audit log</h1>
      <p className="muted">
        Every sign-in, claim, assignment, decision and settings change in your organisation, newest first.
      </p>
      {rows.length === 0 ? (
        <p className="muted">Nothing recorded yet.</p>
      ) : (
        <table className="data" data-testid="audit-log">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">About</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.id} data-testid="audit-row">
                <td data-label="When" className="small">
                  {a.at}
                </td>
                <td data-label="Who">{a.actor}</td>
                <td data-label="What">{a.action}</td>
                <td data-label="About">
                  {a.subjectHref ? <Link href={a.subjectHref}>{a.subject}</Link> : a.subject}
                </td>
                <td data-label="Change" className="small">
                  {a.change}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="pager">
        {cursor ? <Link href="/audit">« Newest</Link> : null}
        {page.next_cursor ? <Link href={`/audit?cursor=${page.next_cursor}`}>Older »</Link> : null}
      </div>
    </div>
  );
}
