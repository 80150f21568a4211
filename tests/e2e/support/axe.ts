import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const AXE_DIR = path.resolve('artifacts/axe');

/** The WCAG 2.0/2.1 A and AA rules: what "zero serious or critical violations" is measured against. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it is now and returns its serious and critical violations, one line each
 * (rule, impact, how many nodes, the first selectors), so `expect(...).toEqual([])` prints what to fix.
 * The full report is kept as `artifacts/axe/<name>.json` beside the screenshots.
 */
export async function seriousAxeViolations(page: Page, name: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  fs.mkdirSync(AXE_DIR, { recursive: true });
  fs.writeFileSync(path.join(AXE_DIR, `${name}.json`), JSON.stringify(results.violations, null, 2));
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => {
      const where = v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ');
      return `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help} — ${where}`;
    });
}
