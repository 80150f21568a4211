/**
 * How the app integrating the SDK collects fixes: in the background day and night, only while the app is
 * open (foreground-only permission), or as a trip logger that records densely while its owner travels.
 */
export const APP_KINDS = ['background', 'foreground', 'logger'] as const;
export type AppKind = (typeof APP_KINDS)[number];
