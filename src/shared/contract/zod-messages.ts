import * as z from 'zod/mini';
import { messages } from '../i18n/messages.ts';

/**
 * Makes zod's built-in issues carry our message ids (schemas that name a message keep theirs),
 * so that the server and the web app translate every validation message the same way.
 * Call once at start-up on each side.
 */
export function installZodMessageIds(): void {
  z.config({
    customError: (issue) => {
      switch (issue.code) {
        case 'invalid_type':
          return issue.input === undefined || issue.input === null ? messages.required.id : messages.invalidType.id;
        case 'too_small':
          return messages.required.id;
        case 'too_big':
          return messages.tooLong.id;
        case 'invalid_format':
          return issue.format === 'email' ? messages.invalidEmail.id : messages.invalidValue.id;
        default:
          return messages.invalidValue.id;
      }
    },
  });
}
