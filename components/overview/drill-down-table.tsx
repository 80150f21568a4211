import Link from 'next/link';

/**
 * The numbers behind a chart, each row a link to the filtered queue: the same drill-down as clicking a
 * bar, for keyboards and screen readers.
 */
export function DrillDownTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: { key: string; href: string; cells: (string | number)[] }[];
}) {
  return (
    <details className="drill-down">
      <summary>{caption}</summary>
      <table className="data compact">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
            <th scope="col">Queue</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              {r.cells.map((c, i) => (
                <td key={i} data-label={columns[i]}>
                  {c}
                </td>
              ))}
              <td data-label="Queue">
                <Link href={r.href}>open</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
