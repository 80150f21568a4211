// Console API: why the engine reached a verdict, as it stored it (docs/CONSOLE.md "Why this verdict").
import { z } from 'zod';
import { ReasonSchema } from './common';

/** One feature's pull on the score: log-odds relative to the model's reference input (> 0 raises risk). */
export const ContributionSchema = z.object({
  feature: z.string(),
  value: z.number(),
  effect: z.number(),
  reason: z.string(),
});
export type Contribution = z.infer<typeof ContributionSchema>;

/**
 * The engine's explanation of one assessment (stored beside it, never sent to API clients): the
 * calibrated probability, what decided (a rule, the model, or too little evidence), the thresholds,
 * the strongest contributions, the rules that fired and why evidence was thin.
 */
export const ExplanationSchema = z.object({
  probability: z.number(),
  decidedBy: z.enum(['rules', 'model', 'thin_evidence']),
  thresholds: z.object({ low: z.number(), high: z.number() }),
  modelVersion: z.string(),
  contributions: z.array(ContributionSchema),
  rules: z.array(ReasonSchema),
  thinEvidence: z.string().nullable(),
});
export type Explanation = z.infer<typeof ExplanationSchema>;

/** A stored explanation, or null when the column is empty or not an explanation (older rows). */
export function parseExplanation(text: string | null | undefined): Explanation | null {
  if (!text) return null;
  try {
    const parsed = ExplanationSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
