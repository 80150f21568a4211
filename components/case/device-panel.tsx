import Link from 'next/link';
import type { DevicePanelView } from '../../lib/console-api/adapt-device';
import { IntegrityChips } from './integrity-chips';

interface Props {
  device: DevicePanelView | null;
  /** How many events the assessment of this case counted (the device may have sent more since). */
  assessedEvents: number | null;
}

export function DevicePanel({ device, assessedEvents }: Props) {
  if (!device) return <p className="muted">The SDK has not reported this device.</p>;
  return (
    <div data-testid="device-panel">
      <dl className="facts">
        <dt>Model</dt>
        <dd>
          {device.model} · {device.platform} · app {device.appVersion}
        </dd>
        <dt>Installation</dt>
        <dd className="mono">
          <Link href={device.href} data-testid="device-link">
            {device.installationId}
          </Link>
        </dd>
        <dt>Device id</dt>
        <dd className="mono">{device.deviceId ?? '—'}</dd>
        <dt>Location events</dt>
        <dd data-testid="device-events">
          {device.eventCount} stored, recorded {device.eventSpan}
          {assessedEvents !== null ? (
            <div className="muted small">
              The assessment of this case counted {assessedEvents.toLocaleString('en')} (real fixes up to
              then).
            </div>
          ) : null}
        </dd>
        <dt>Reports received</dt>
        <dd>{device.received}</dd>
        <dt>Accounts</dt>
        <dd>
          {device.accounts.length === 0
            ? 'none seen'
            : device.accounts.map((a, i) => (
                <span key={a.id}>
                  {i > 0 ? ', ' : ''}
                  <Link href={a.href} className="mono">
                    {a.id}
                  </Link>
                </span>
              ))}
        </dd>
        <dt>Other installations</dt>
        <dd>{device.otherInstallations} (reinstalls on the same device)</dd>
      </dl>
      <IntegrityChips flags={device.flags} />
    </div>
  );
}
