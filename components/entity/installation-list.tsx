import Link from 'next/link';
import type { InstallationView } from '../../lib/console-api/adapt-device';
import { IntegrityChips } from '../case/integrity-chips';

/** Each installation with what its SDK reported, its event span (device time) and when reports arrived. */
export function InstallationList({ installations }: { installations: InstallationView[] }) {
  if (installations.length === 0) return <p className="muted">No installation reported by the SDK.</p>;
  return (
    <ul className="plain-list" data-testid="installations">
      {installations.map((i) => (
        <li key={i.installationId}>
          <Link href={i.href} className="mono">
            {i.installationId}
          </Link>{' '}
          · {i.model} · {i.platform} · app {i.appVersion}
          <div className="small">
            {i.eventCount} location events recorded {i.eventSpan}
          </div>
          <div className="small muted">reports received {i.received}</div>
          <IntegrityChips flags={i.flags} />
        </li>
      ))}
    </ul>
  );
}
