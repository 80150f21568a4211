import Link from 'next/link';

interface Props {
  total: number;
  shown: number;
  firstHref: string | null;
  nextHref: string | null;
}

/** Keyset pagination: "first page" and "next page" (the server hands out the next cursor). */
export function QueuePager({ total, shown, firstHref, nextHref }: Props) {
  return (
    <div className="pager" data-testid="queue-pager">
      <span className="muted" data-testid="queue-total">
        {shown} shown of {total.toLocaleString('en')} matching
      </span>
      {firstHref ? <Link href={firstHref}>« First page</Link> : null}
      {nextHref ? (
        <Link href={nextHref} data-testid="next-page">
          Next page »
        </Link>
      ) : null}
    </div>
  );
}
