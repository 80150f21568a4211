import type { DeliveryOutcome } from './send-webhook';

/** A short human line for the console and `last_error`. */
export function describeOutcome(outcome: DeliveryOutcome): string {
  switch (outcome.kind) {
    case 'delivered':
      return `HTTP ${outcome.status}`;
    case 'http_error':
      return `HTTP ${outcome.status}`;
    case 'redirect':
      return `HTTP ${outcome.status}: redirects are not followed`;
    case 'timeout':
      return 'no response in time (2 s)';
    case 'network':
      return `network error: ${outcome.message}`;
    case 'blocked':
      return `not sent: ${outcome.message}`;
  }
}
