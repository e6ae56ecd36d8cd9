import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#shared/contract/admin-companies.ts';
import { render } from '#tests/setup/web/render.tsx';
import { AuditChanges } from './audit-changes.tsx';

const CLIENT_ID = '0b7c5a3e-8f1d-4c2b-9a6e-3d4f5a6b7c8d';
const entry = (fields: Partial<AuditEntry>): AuditEntry => ({ id: 1, at: '2026-11-29T10:00:00Z', actor: 'eva', entity: 'pickup_address', entityId: 'x', action: 'update', before: null, after: null, ...fields });
// The arrow is read out as "to" (a visually hidden word).
const lines = () => screen.getAllByRole('listitem').map((item) => item.textContent?.replace(/\s+/g, ' ').replace('→to', '→').trim());

// A company's history and the audit log show what changed as the screens name it (issue 31):
// labels, weekdays, yes/no, names, never a column name or an id.
describe('the changes of an audit entry', () => {
  it('names a pickup address’s fields by their labels, its days as weekdays and its users by name', () => {
    render(
      <AuditChanges
        entry={entry({ before: { regularPickup: false, pickupDays: 1, clientIds: [], country: 'SK' }, after: { regularPickup: true, pickupDays: 5, clientIds: [CLIENT_ID], country: 'SK' } })}
        names={{ client: new Map([[CLIENT_ID, 'Mária Modrá (modry-konik)']]) }}
      />,
    );
    expect(lines()).toEqual(['Regular pickup: No → Yes', 'Pickup days: Mon → Mon, Wed', 'Users assigned to the address: none → Mária Modrá (modry-konik)']);
  });

  it('names a company’s identifiers by their labels and a created record’s country by name', () => {
    render(<AuditChanges entry={entry({ entity: 'company', action: 'create', after: { taxIdentificationNumber: '2021234567', country: 'CZ', vatIdentificationNumber: null } })} />);
    expect(lines()).toEqual(['Tax ID (DIČ): 2021234567', 'Country: Czechia']);
  });

  it('shows roles, products and partners by name and a secret reset without its value', () => {
    render(<AuditChanges entry={entry({ entity: 'client', before: { role: 'USER' }, after: { role: 'REPORTER', secretReset: true } })} />);
    render(<AuditChanges entry={entry({ entity: 'partner_assignment', action: 'delete', before: { partnerId: 1, product: 'PRM', deliveryMethod: null } })} />);
    expect(lines()).toEqual(['Role: Account holder → Reader', 'Client secret: changed', 'Partner: PostOne', 'Product: Parcel (PRM)']);
  });
});
