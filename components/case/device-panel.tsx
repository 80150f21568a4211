import type { DevicePanelView } from '../../lib/console-api/adapt-device';

export function DevicePanel({ device }: { device: DevicePanelView | null }) {
  if (!device) return <p className="muted">The SDK has not reported this device.</p>;
  return (
    <div data-testid="device-panel">
      <dl className="facts">
        <dt>Model</dt>
        <dd>{device.model}</dd>
        <dt>Platform</dt>
        <dd>
          {device.platform} · app {device.appVersion}
        </dd>
        <dt>Installation</dt>
        <dd className="mono">{device.installationId}</dd>
        <dt>Device id</dt>
        <dd className="mono">{device.deviceId ?? '—'}</dd>
        <dt>Seen</dt>
        <dd>
          {device.firstSeen} → {device.lastSeen}
        </dd>
        <dt>Location events</dt>
        <dd>{device.eventCount}</dd>
        <dt>Accounts</dt>
        <dd>{device.accounts.length > 0 ? device.accounts.join(', ') : 'none seen'}</dd>
        <dt>Other installations</dt>
        <dd>{device.otherInstallations} (reinstalls on the same device)</dd>
      </dl>
      <div className="row" style={{ marginTop: 8 }}>
        {device.flags.map((f) => (
          <span key={f.label} className="chip" style={{ color: f.bad ? 'var(--high)' : 'var(--low)' }}>
            {f.label}: {f.on ? 'yes' : 'no'}
          </span>
        ))}
      </div>
    </div>
  );
}
