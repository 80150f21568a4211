/** The only source of "now" the domain accepts: epoch milliseconds, injected by the edges. */
export interface Clock {
  now(): number;
}
