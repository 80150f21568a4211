import type { PaymentAddressView } from '../../lib/console-api/adapt-payment-detail';

/** Declared addresses of the payment with the chargeback rates of their 150 / 1,500 / 5,000 m rings. */
export function PaymentAddresses({ addresses }: { addresses: PaymentAddressView[] }) {
  if (addresses.length === 0) return <p className="muted">No addresses were sent with this payment.</p>;
  return (
    <table className="data" data-testid="payment-addresses">
      <thead>
        <tr>
          <th>Type</th>
          <th>Address</th>
          <th>Events near</th>
          {addresses[0]?.rates.map((r) => (
            <th key={r.radius}>Chargebacks ≤ {r.radius}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {addresses.map((a, i) => (
          <tr key={i}>
            <td>{a.type}</td>
            <td>
              {a.label}
              {a.placed ? null : <div className="muted small">not on the map (no coordinates)</div>}
            </td>
            <td>{a.eventsNear}</td>
            {a.rates.map((r) => (
              <td key={r.radius}>{r.rate}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
