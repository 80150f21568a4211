// Console API: claiming, assigning and deciding cases. Decisions become feedback (PRODUCT.md item 6).
import { z } from 'zod';
import { ReviewStatusSchema, UserRefSchema } from './common';

export const SIGNUP_LEGIT_EVENTS = [
  'signup_accepted',
  'verified',
  'account_allowed',
  'device_allowed',
] as const;
export const SIGNUP_FRAUD_EVENTS = [
  'identity_fraud',
  'signup_declined',
  'promotion_abuse',
  'account_takeover',
] as const;
export const PAYMENT_APPROVE_EVENTS = ['payment_accepted', 'verified'] as const;
export const PAYMENT_DECLINE_EVENTS = [
  'payment_declined_by_manual_review',
  'account_takeover',
  'identity_fraud',
] as const;

/** The mandatory comment of a decision or a bulk close: what made the analyst decide. */
export const DecisionCommentSchema = z.string().trim().min(3, 'a comment is required').max(2000);
const Comment = DecisionCommentSchema;

export const SignupDecisionSchema = z.discriminatedUnion('verdict', [
  z.object({ verdict: z.literal('legit'), event: z.enum(SIGNUP_LEGIT_EVENTS), comment: Comment }),
  z.object({ verdict: z.literal('fraud'), event: z.enum(SIGNUP_FRAUD_EVENTS), comment: Comment }),
]);
export type SignupDecision = z.infer<typeof SignupDecisionSchema>;

export const PaymentDecisionSchema = z.discriminatedUnion('verdict', [
  z.object({ verdict: z.literal('approve'), event: z.enum(PAYMENT_APPROVE_EVENTS), comment: Comment }),
  z.object({ verdict: z.literal('decline'), event: z.enum(PAYMENT_DECLINE_EVENTS), comment: Comment }),
]);
export type PaymentDecision = z.infer<typeof PaymentDecisionSchema>;

export const DecisionResultSchema = z.object({
  feedback_id: z.string(),
  review_status: ReviewStatusSchema,
  review_outcome: z.string(),
});
export type DecisionResult = z.infer<typeof DecisionResultSchema>;

export const AssignmentSchema = z.object({
  review_status: ReviewStatusSchema,
  assigned_to: UserRefSchema.nullable(),
});
export type Assignment = z.infer<typeof AssignmentSchema>;

/** PUT …/assignment: `user_id` null releases the case back to the queue. */
export const AssignRequestSchema = z.object({ user_id: z.string().nullable() });

export const NextCaseSchema = z.object({ id: z.string().nullable() });
