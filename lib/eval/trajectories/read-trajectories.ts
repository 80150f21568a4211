import fs from 'node:fs';
import path from 'node:path';
import { readCsv } from './read-csv';
import { readPlt } from './read-plt';
import type { TrajectoryPoint } from './trajectory-point';

export interface TrajectorySet {
  /** Fixes per person, sorted by time. */
  people: Map<string, TrajectoryPoint[]>;
  files: number;
  skipped: number;
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(plt|csv)$/i.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** GeoLife keeps a person's files in `<root>/<person>/Trajectory/`; elsewhere a file's folder names its person. */
function personOfPlt(root: string, file: string): string {
  const parts = path.relative(root, file).split(path.sep);
  return parts.length > 1 ? parts[0]! : path.basename(file, path.extname(file));
}

/**
 * Reads every `.plt` (GeoLife) and `.csv` file under `dir` — only what the user points at; nothing is
 * downloaded — into each person's fixes.
 */
export function readTrajectories(dir: string): TrajectorySet {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new Error(`not a directory: ${dir}`);
  const people = new Map<string, TrajectoryPoint[]>();
  const add = (person: string, points: TrajectoryPoint[]) =>
    people.set(person, [...(people.get(person) ?? []), ...points]);
  let skipped = 0;
  const files = filesUnder(dir);
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    if (/\.plt$/i.test(file)) {
      const read = readPlt(text);
      add(personOfPlt(dir, file), read.points);
      skipped += read.skipped;
    } else {
      const read = readCsv(text, path.basename(file, path.extname(file)));
      for (const [person, points] of read.byUser) add(person, points);
      skipped += read.skipped;
    }
  }
  for (const points of people.values()) points.sort((a, b) => a.ts - b.ts);
  return { people, files: files.length, skipped };
}
