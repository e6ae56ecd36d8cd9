// Messages of the caller's own account: the profile form and the change of password (issue 16).
import type { MessageDescriptor } from './messages.ts';

export const accountMessages = {
  passwordRequired: /*i18n*/ { id: 'account.password.required', message: 'Password is required' },
  passwordsDontMatch: /*i18n*/ { id: 'account.password.mismatch', message: "Passwords don't match" },
  passwordTooShort: /*i18n*/ { id: 'account.password.too_short', message: 'Use at least 10 characters' },
  passwordWeak: /*i18n*/ {
    id: 'account.password.weak',
    message: 'This password is too easy to guess (it is common or close to your name or company). Use a longer phrase of several unrelated words.',
  },
  passwordUnchanged: /*i18n*/ { id: 'account.password.unchanged', message: 'The new password must differ from the current one' },
  passwordWrong: /*i18n*/ { id: 'account.password.wrong', message: 'The current password is not correct' },
  passwordChanged: /*i18n*/ { id: 'account.password.changed', message: 'Password changed. You were signed out everywhere else.' },
  profileSaved: /*i18n*/ { id: 'user.settings.success', message: 'Your profile was saved.' },
} as const satisfies Record<string, MessageDescriptor>;
