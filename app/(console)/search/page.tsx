import Link from 'next/link';
import { adaptSearch } from '../../../lib/console-api/adapt-entities';
import { loadOrFail } from '../../../lib/console-api/load-or-fail';
import { firstParam } from '../../../lib/console-api/queue-filters';
import { requireConsoleUser } from '../../../lib/console-api/session';

export const metadata = { title: 'Search' };

export default async function SearchPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const q = (firstParam((await searchParams).q) ?? '').trim();
  const { api } = await requireConsoleUser('analyst', `/search?q=${encodeURIComponent(q)}`);
  const hits = q.length >= 2 ? adaptSearch(await loadOrFail(api.search(q))) : null;
  return (
    <div className="stack">
      <h1>Search</h1>
      <form action="/search" method="get" className="row" role="search">
        <label className="grow">
          Signup or payment id, installation, device, account id, or address text
          <input type="search" name="q" defaultValue={q} minLength={2} required />
        </label>
        <button type="submit">Search</button>
      </form>
      {hits === null ? (
        <p className="muted">Type at least two characters.</p>
      ) : hits.length === 0 ? (
        <p className="muted" data-testid="search-empty">
          Nothing in your organisation matches “{q}”.
        </p>
      ) : (
        <table className="data" data-testid="search-results">
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Found</th>
              <th scope="col">Matched by</th>
            </tr>
          </thead>
          <tbody>
            {hits.map((h) => (
              <tr key={h.key} data-testid="search-hit" data-kind={h.kind}>
                <td data-label="What">{h.kind}</td>
                <td data-label="Found">
                  <Link href={h.href}>{h.title}</Link>
                  {h.detail ? <div className="small muted">{h.detail}</div> : null}
                </td>
                <td data-label="Matched by">{h.matched}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
