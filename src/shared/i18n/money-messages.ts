// Why an amount (cash on delivery, insurance) is refused in a currency whose smallest step is not a
// cent (src/shared/domain/currencies.ts decides the steps). The send form, the wizard and the
// server raise them by id; kept out of messages.ts, which the web app's first load carries.
// Looked up by id through find-message.
import type { MessageDescriptor } from './messages.ts';

export const moneyMessages = {
  czk: /*i18n*/ { id: 'money.czk.step', message: 'Amounts in CZK are whole crowns, without hellers' },
  huf: /*i18n*/ { id: 'money.huf.step', message: 'Amounts in HUF are multiples of 5 forints' },
  chf: /*i18n*/ { id: 'money.chf.step', message: 'Amounts in CHF are multiples of 0.05 francs' },
  dkk: /*i18n*/ { id: 'money.dkk.step', message: 'Amounts in DKK are multiples of 0.50 kroner' },
  sek: /*i18n*/ { id: 'money.sek.step', message: 'Amounts in SEK are whole kronor' },
  nok: /*i18n*/ { id: 'money.nok.step', message: 'Amounts in NOK are whole kroner' },
  isk: /*i18n*/ { id: 'money.isk.step', message: 'Amounts in ISK are whole krónur' },
  rsd: /*i18n*/ { id: 'money.rsd.step', message: 'Amounts in RSD are whole dinars' },
  mkd: /*i18n*/ { id: 'money.mkd.step', message: 'Amounts in MKD are whole denars' },
  all: /*i18n*/ { id: 'money.all.step', message: 'Amounts in ALL are whole lek' },
  bam: /*i18n*/ { id: 'money.bam.step', message: 'Amounts in BAM are multiples of 0.05 marks' },
  uah: /*i18n*/ { id: 'money.uah.step', message: 'Amounts in UAH are multiples of 0.10 hryvnias' },
  xcd: /*i18n*/ { id: 'money.xcd.step', message: 'Amounts in XCD are multiples of 0.05 dollars' },
} as const satisfies Record<string, MessageDescriptor>;
