/**
 * How hard a population is. `default` is the population the floors are measured on (unchanged, byte
 * for byte). `hard` deliberately breaks the shortcuts of the default one — honest users who root their
 * phones, spend big, travel, move house, or have noisy sensors; fraudsters who pay ordinary amounts, visit the
 * stolen address once, or spoof without any flag — and draws its own parameters (docs/SIMULATOR.md).
 */
export const REALISMS = ['default', 'hard'] as const;
export type Realism = (typeof REALISMS)[number];
/** What the helpers below read from a generation context (absent means `default`). */
type RealismSetting = { realism?: Realism };

export const isHard = (ctx: RealismSetting): boolean => ctx.realism === 'hard';

/** The hard population's parameters, chosen away from the defaults on purpose (docs/SIMULATOR.md). */
export const HARD = {
  /** Rooted phones, honest and fraudulent alike: root says nothing about who holds the phone. */
  rootedShare: 0.2,
  /** Honest purchases: most ordinary, some big (appliances, tickets); fraud cashes out in ordinary amounts too. */
  ordinaryAmount: [8, 350] as [number, number],
  bigAmount: [300, 4_000] as [number, number],
  bigSpenderShare: 0.3,
  fraudOrdinaryShare: 0.6,
  loginShare: 0.35,
  signupAtHomeShare: 0.6,
  density: [0.25, 1.6] as [number, number],
  /** Sparse phones report a few times a day. */
  sparseDensity: [0.02, 0.15] as [number, number],
} as const;

/** Options of generateHonestPayments for the context's population. */
export function honestPaymentStyle(ctx: RealismSetting) {
  return isHard(ctx)
    ? { bigSpenders: { share: HARD.bigSpenderShare, big: HARD.bigAmount }, loginShare: HARD.loginShare }
    : {};
}

/** Options of generateFraudPayments for the context's population. */
export function fraudPaymentStyle(ctx: RealismSetting) {
  return isHard(ctx) ? { ordinaryShare: HARD.fraudOrdinaryShare } : {};
}
