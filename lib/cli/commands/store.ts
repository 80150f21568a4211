export function register(): void {}
