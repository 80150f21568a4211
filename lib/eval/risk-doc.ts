import fs from 'node:fs';
import prettier from 'prettier';

export const BEGIN = '<!-- world-eval:begin (written by `npm run eval`; do not edit by hand) -->';
export const END = '<!-- world-eval:end -->';

/** `doc` with the text between the markers replaced by `section` (appended with its markers when absent). */
export function replaceSection(doc: string, section: string): string {
  const block = `${BEGIN}\n\n${section.trim()}\n\n${END}`;
  const from = doc.indexOf(BEGIN);
  const to = doc.indexOf(END);
  if (from === -1 || to < from) return `${doc.trimEnd()}\n\n${block}\n`;
  return `${doc.slice(0, from)}${block}${doc.slice(to + END.length)}`;
}

/** Regenerates the evaluation section of docs/RISK.md (or another file), formatted as the repository's Prettier would. */
export async function writeRiskDoc(file: string, section: string): Promise<void> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  const doc = replaceSection(fs.readFileSync(file, 'utf8'), section);
  fs.writeFileSync(file, await prettier.format(doc, { ...options, filepath: file }));
}
