import Link from 'next/link';

export default function Forbidden() {
  return (
    <main className="content">
      <div className="panel" data-testid="forbidden">
        <h1>Not allowed</h1>
        <p>Your role does not give access to this screen.</p>
        <Link href="/signups">Back to the signup queue</Link>
      </div>
    </main>
  );
}
