import type { PaymentAddressView } from '../../lib/console-api/adapt-payment-detail';

/**
 * Declared addresses of the payment with their 150 / 1,500 / 5,000 m chargeback rings: what is counted
 * there now (chargebacks arrive weeks after payments) and the rate the assessment used.
 */
export function PaymentAddresses({ addresses }: { addresses: PaymentAddressView[] }) {
  if (addresses.length === 0) return <p className="muted">No addresses were sent with this payment.</p>;
  return (
    <div className="stack" style={{ gap: 12 }} data-testid="payment-addresses">
      {addresses.map((a, i) => (
        <div key={i}>
          <p style={{ margin: '0 0 6px' }}>
            <strong>{a.type}</strong> · {a.label} · {a.eventsNear} location events near
            {a.placed ? null : <span className="muted small"> · not on the map (no coordinates sent)</span>}
          </p>
          <table className="data compact">
            <thead>
              <tr>
                <th scope="col">Ring</th>
                <th scope="col">Chargebacks counted now</th>
                <th scope="col">Rate the assessment used</th>
              </tr>
            </thead>
            <tbody>
              {a.rings.map((r) => (
                <tr key={r.radius} data-testid="ring-row">
                  <td data-label="Ring">≤ {r.radius}</td>
                  <td data-label="Now">{r.now}</td>
                  <td data-label="At assessment">{r.atAssessment}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
