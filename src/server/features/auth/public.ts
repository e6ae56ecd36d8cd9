// What other features use of sign-in and sessions (the only file they import from here).
export type { Principal } from './access-tokens.ts';
export type { ActiveClients } from './active-clients.ts';
export { clientInfo, enabledClientProducts, findClientById, findClientByLogin } from './clients.service.ts';
export type { LoginLimiter } from './login-limiter.ts';
export { setRefreshCookie } from './oauth.routes.ts';
export { isGuessable } from './password-strength.ts';
export { hashSecret, verifySecret } from './passwords.ts';
export type { RefreshTokenStore } from './refresh-tokens.ts';
