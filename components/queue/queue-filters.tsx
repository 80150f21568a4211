import type { QueueFilterValues } from '../../lib/console-api/queue-filters';

interface Props {
  action: string;
  values: QueueFilterValues;
  reasonCodes: readonly string[];
  searchPlaceholder: string;
}

const RISK_OPTIONS = [
  ['high_risk,unknown_risk', 'Flagged (high + unknown)'],
  ['high_risk', 'High risk'],
  ['unknown_risk', 'Unknown risk'],
  ['low_risk', 'Low risk'],
  ['all', 'Any risk'],
] as const;
const STATUS_OPTIONS = [
  ['open,in_review', 'Open + in review'],
  ['open', 'Open'],
  ['in_review', 'In review'],
  ['closed', 'Closed'],
  ['all', 'Any status'],
] as const;

/** A plain GET form: filters live in the URL, the server filters and paginates. */
export function QueueFilters({ action, values, reasonCodes, searchPlaceholder }: Props) {
  return (
    <form className="filters" action={action} method="get" data-testid="queue-filters">
      <label>
        Search
        <input name="q" defaultValue={values.q} placeholder={searchPlaceholder} size={28} />
      </label>
      <label>
        Risk
        <select name="risk" defaultValue={values.risk}>
          {RISK_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Status
        <select name="status" defaultValue={values.status}>
          {STATUS_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Reason
        <select name="reason" defaultValue={values.reason}>
          <option value="">Any reason</option>
          {reasonCodes.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </label>
      <label>
        Assigned
        <select name="assigned" defaultValue={values.assigned}>
          <option value="any">Anyone</option>
          <option value="me">Me</option>
          <option value="unassigned">Unassigned</option>
        </select>
      </label>
      <label>
        From
        <input type="date" name="from" defaultValue={values.from} />
      </label>
      <label>
        To
        <input type="date" name="to" defaultValue={values.to} />
      </label>
      <label>
        Order
        <select name="order" defaultValue={values.order}>
          <option value="oldest">Oldest first</option>
          <option value="newest">Newest first</option>
        </select>
      </label>
      <button type="submit">Apply</button>
    </form>
  );
}
