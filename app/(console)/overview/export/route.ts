// GET /overview/export?table=days|weeks&from&to — the overview's numbers as CSV (managers).
import { roleAtLeast } from '../../../../lib/contracts/console/common';
import { consoleApi } from '../../../../lib/console-api/client';
import { ConsoleApiError } from '../../../../lib/console-api/console-api-error';
import { overviewCsv } from '../../../../lib/console-api/overview-csv';
import { overviewRange } from '../../../../lib/console-api/overview-range';
import { readConsoleSession } from '../../../../lib/console-api/session';

export async function GET(request: Request): Promise<Response> {
  const session = await readConsoleSession();
  if (!session) return new Response('sign in first', { status: 401 });
  if (!roleAtLeast(session.user.role, 'manager')) return new Response(null, { status: 403 });
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const range = overviewRange(params);
  if (range.kind === 'invalid') return new Response(range.message, { status: 400 });
  const table = params.table === 'weeks' ? 'weeks' : 'days';
  try {
    const overview = await consoleApi(session.token).overview(range.query);
    return new Response(overviewCsv(overview, table), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="locus-overview-${table}.csv"`,
      },
    });
  } catch (error) {
    if (error instanceof ConsoleApiError) return new Response(error.message, { status: error.status ?? 502 });
    throw error;
  }
}
