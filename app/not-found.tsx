import Link from 'next/link';

export default function NotFound() {
  return (
    <main className="content">
      <div className="panel" data-testid="not-found">
        <h1>Not found</h1>
        <p>Nothing with this id exists in your organisation.</p>
        <Link href="/signups">Back to the signup queue</Link>
      </div>
    </main>
  );
}
