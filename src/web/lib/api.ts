// The app's API client instance. The router registers what happens when a session ends.
import { createApiClient } from './api-client.ts';
import { currentLanguage } from './i18n.ts';

let sessionEnded: () => void = () => window.location.assign('/user/login');

export function onSessionEnded(handler: () => void): void {
  sessionEnded = handler;
}

export const api = createApiClient({
  language: () => currentLanguage(),
  onSessionEnded: () => sessionEnded(),
});
