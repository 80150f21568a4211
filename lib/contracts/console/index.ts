export * from './common';
export * from './overview';
export * from './payments';
export * from './review';
export * from './session';
export * from './settings';
export * from './signups';
export * from './webhooks';
