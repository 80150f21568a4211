import type { Executor } from '../repositories/executor';
import { makeSettingsRepo } from '../repositories/settings-repo';

/** Set once every installation stored before fingerprints existed has one: later ones always do. */
const FOLDED_SETTING = 'retention_legacy_installations_folded';
const PAGE = 1_000;

export interface InstallationKey {
  tenantId: string;
  installationId: string;
}

/**
 * Installations with events but no fingerprint, page by page in key order (each statement reads one
 * bounded page, so none holds the database for long): stored before the risk engine's migration and
 * folded lazily at their next assessment, they must be folded before their raw events go. Calls
 * `fold` for each; records when all are done, so later passes cost one settings read.
 */
export async function foldLegacyInstallations(
  db: Executor,
  fold: (key: InstallationKey) => Promise<void>,
  between: () => Promise<void>,
): Promise<void> {
  const settings = makeSettingsRepo(db);
  if ((await settings.get(FOLDED_SETTING)) !== null) return;
  let after: InstallationKey | null = null;
  for (;;) {
    const page = await pageAfter(db, after);
    for (const row of page.filter((r) => r.event_count > 0 && r.fingerprint === null)) {
      await fold({ tenantId: row.tenant_id, installationId: row.installation_id });
    }
    const last = page[page.length - 1];
    if (!last || page.length < PAGE) break;
    after = { tenantId: last.tenant_id, installationId: last.installation_id };
    await between();
  }
  await settings.getOrInit(FOLDED_SETTING, () => 'yes');
}

function pageAfter(db: Executor, after: InstallationKey | null) {
  let query = db
    .selectFrom('installations as i')
    .leftJoin('location_fingerprints as f', (j) =>
      j.onRef('f.tenant_id', '=', 'i.tenant_id').onRef('f.installation_id', '=', 'i.installation_id'),
    )
    .select(['i.tenant_id', 'i.installation_id', 'i.event_count', 'f.installation_id as fingerprint'])
    .orderBy('i.tenant_id')
    .orderBy('i.installation_id')
    .limit(PAGE);
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('i.tenant_id', 'i.installation_id'),
        '>',
        eb.tuple(after.tenantId, after.installationId),
      ),
    );
  }
  return query.execute();
}
