import { useLingui } from '@lingui/react/macro';
import { PARTNERS, type PartnerCode } from '#shared/domain/enums.ts';

const CODE_OF_ID = new Map<number, PartnerCode>(Object.entries(PARTNERS).map(([code, id]) => [id, code as PartnerCode]));

/** Partner names as the carrier calls them (brand names stay as they are), by code and by the spec's fixed ids. */
export function usePartnerLabels(): { name: Record<PartnerCode, string>; byId: (id: number) => string } {
  const { t } = useLingui();
  const name: Record<PartnerCode, string> = {
    POSTONE: 'PostOne',
    POST_AT: t`Austrian Post`,
    SPS: 'Slovak Parcel Service',
    POST_HU: t`Hungarian Post`,
    UNTRACKED: t`Untracked letter mail`,
    ONE_CZ: 'One CZ',
    POST_PL: t`Polish Post`,
    KAAB: 'KAAB Customs Express',
  };
  return { name, byId: (id) => (CODE_OF_ID.has(id) ? name[CODE_OF_ID.get(id)!] : `#${id}`) };
}
