import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '#tests/setup/web/render.tsx';
import { COMPANY_ID, companyFixture } from '#tests/setup/web/company-fixtures.ts';
import { PickupAddressCard } from './pickup-address-card.tsx';

const address = companyFixture().pickupAddresses[0]!;
const show = (patch: Partial<typeof address>) =>
  renderInRouter(<PickupAddressCard companyId={COMPANY_ID} address={{ ...address, ...patch }} onEdit={vi.fn()} onDelete={vi.fn()} />);

// "Regular pickup: Inactive" beside ticked days read as a contradiction (issue 31): the days are
// those of a regular pickup; without one the carrier comes on request.
describe('a pickup address card', () => {
  it('shows a regular pickup by its days', async () => {
    show({ regularPickup: true });
    expect(await screen.findByText('Monday: pickup')).toBeTruthy();
    expect(screen.getByText('Tuesday: no pickup')).toBeTruthy();
    expect(screen.queryByText('On request')).toBeNull();
    expect(screen.queryByText('Inactive')).toBeNull();
  });

  it('says "On request" without a regular pickup, whatever days are stored', async () => {
    show({ regularPickup: false });
    expect(await screen.findByText('On request')).toBeTruthy();
    expect(screen.queryByText('Monday: pickup')).toBeNull();
    expect(screen.queryByText('Inactive')).toBeNull();
  });
});
