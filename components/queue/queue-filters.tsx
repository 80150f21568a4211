import type { QueueFilterValues } from '../../lib/console-api/queue-filters';
import { reasonName } from '../../lib/console-api/reason-facts';

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

const ASSIGNED_OPTIONS = [
  ['any', 'Anyone'],
  ['me', 'Me'],
  ['unassigned', 'Unassigned'],
] as const;
const FEEDBACK_OPTIONS = [
  ['any', 'Any'],
  ['none', 'No feedback yet'],
  ['received', 'Feedback received'],
] as const;
const ORDER_OPTIONS = [
  ['changed', 'Last assessment change'],
  ['oldest', 'Oldest first'],
  ['newest', 'Newest first'],
] as const;

interface FilterSelectProps {
  label: string;
  name: keyof QueueFilterValues;
  value: string;
  options: readonly (readonly [value: string, label: string])[];
}

function FilterSelect({ label, name, value, options }: FilterSelectProps) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A plain GET form: filters live in the URL, the server filters and paginates. */
export function QueueFilters({ action, values, reasonCodes, searchPlaceholder }: Props) {
  return (
    <form className="filters" action={action} method="get" data-testid="queue-filters">
      <label>
        Search
        <input type="search" name="q" defaultValue={values.q} placeholder={searchPlaceholder} size={28} />
      </label>
      <FilterSelect label="Risk" name="risk" value={values.risk} options={RISK_OPTIONS} />
      <FilterSelect label="Status" name="status" value={values.status} options={STATUS_OPTIONS} />
      <FilterSelect
        label="Reason"
        name="reason"
        value={values.reason}
        options={[['', 'Any reason'], ...reasonCodes.map((code) => [code, reasonName(code)] as const)]}
      />
      <FilterSelect label="Assigned" name="assigned" value={values.assigned} options={ASSIGNED_OPTIONS} />
      <FilterSelect
        label="Client feedback"
        name="feedback"
        value={values.feedback}
        options={FEEDBACK_OPTIONS}
      />
      <label>
        From
        <input type="date" name="from" defaultValue={values.from} />
      </label>
      <label>
        To
        <input type="date" name="to" defaultValue={values.to} />
      </label>
      <FilterSelect label="Order" name="order" value={values.order} options={ORDER_OPTIONS} />
      <button type="submit">Apply</button>
    </form>
  );
}
