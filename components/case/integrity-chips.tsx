/** Integrity and location-service flags as chips; a bad value is marked in words, not by colour alone. */
export function IntegrityChips({ flags }: { flags: { label: string; on: boolean; bad: boolean }[] }) {
  return (
    <div className="row" style={{ marginTop: 8 }}>
      {flags.map((f) => (
        <span key={f.label} className={`chip ${f.bad ? 'bad' : 'good'}`}>
          {f.label}: {f.on ? 'yes' : 'no'}
          {f.bad ? ' ⚠' : ''}
        </span>
      ))}
    </div>
  );
}
