/**
 * A progress callback that writes one line each time another `stepPercent` of the work is done
 * (to stderr in the CLI, so stdout keeps only the JSON summary).
 */
export function progressReporter(
  label: string,
  total: number,
  write: (line: string) => void,
  stepPercent = 5,
): (done: number, detail?: string) => void {
  let reported = -1;
  return (done, detail) => {
    const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
    const bucket = Math.floor(percent / stepPercent);
    if (bucket <= reported) return;
    reported = bucket;
    write(`${label}: ${percent}% (${done}/${total})${detail ? ` ${detail}` : ''}`);
  };
}
