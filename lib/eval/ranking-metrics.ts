/** AUC by the rank-sum (Mann–Whitney) statistic, ties counted half. Null when a class is empty. */
export function auc(positives: readonly number[], negatives: readonly number[]): number | null {
  if (positives.length === 0 || negatives.length === 0) return null;
  const all = [...positives.map((s) => ({ s, p: 1 })), ...negatives.map((s) => ({ s, p: 0 }))].sort(
    (a, b) => a.s - b.s,
  );
  let rankSumPos = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j < all.length && all[j]!.s === all[i]!.s) j += 1;
    const rank = (i + 1 + j) / 2;
    for (let k = i; k < j; k += 1) if (all[k]!.p === 1) rankSumPos += rank;
    i = j;
  }
  const n1 = positives.length;
  return (rankSumPos - (n1 * (n1 + 1)) / 2) / (n1 * negatives.length);
}

/** The score threshold that flags at most `fpr` of the negatives (strictly above it is flagged). */
export function thresholdAtFpr(negatives: readonly number[], fpr: number): number {
  const sorted = [...negatives].sort((a, b) => b - a);
  const allowed = Math.floor(negatives.length * fpr);
  return sorted[allowed] ?? Number.NEGATIVE_INFINITY;
}

/** Share of positives flagged when at most `fpr` of negatives are. */
export function tprAtFpr(
  positives: readonly number[],
  negatives: readonly number[],
  fpr: number,
): number | null {
  if (positives.length === 0 || negatives.length === 0) return null;
  const t = thresholdAtFpr(negatives, fpr);
  return positives.filter((s) => s > t).length / positives.length;
}

/** Brier score and expected calibration error over 10 equal-width bins. */
export function calibration(probabilities: readonly number[], labels: readonly number[]) {
  const n = probabilities.length;
  const brier = probabilities.reduce((s, p, i) => s + (p - labels[i]!) ** 2, 0) / Math.max(1, n);
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
  probabilities.forEach((p, i) => {
    const b = bins[Math.min(9, Math.floor(p * 10))]!;
    b.n += 1;
    b.p += p;
    b.y += labels[i]!;
  });
  const ece = bins.reduce((s, b) => (b.n === 0 ? s : s + (b.n / n) * Math.abs(b.p / b.n - b.y / b.n)), 0);
  return { brier, ece };
}
