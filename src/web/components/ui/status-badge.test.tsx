import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '#shared/domain/enums.ts';
import { render } from '#tests/setup/web/render.tsx';
import { StatusBadge } from './status-badge.tsx';

const TEXTS: Record<ShipmentStatus, string> = { CREATED: 'Created', MANIFESTED: 'Manifested', ARRIVED: 'Arrived', SENT: 'Sent', DELETED: 'Deleted' };

/** The badge's colour classes, the badge found by its text as a user reads it. */
function badgeClasses(status: ShipmentStatus): string[] {
  const view = render(<StatusBadge status={status} />);
  const classes = [...screen.getByText(TEXTS[status]).classList];
  view.unmount();
  return classes;
}

describe('StatusBadge', () => {
  it.each([
    ['CREATED', 'Created', 'bg-base-300'],
    ['MANIFESTED', 'Manifested', 'badge-warning'],
    ['ARRIVED', 'Arrived', 'badge-info'],
    ['SENT', 'Sent', 'badge-success'],
    ['DELETED', 'Deleted', 'badge-error'],
  ] as const)('shows %s as the text "%s" in %s', (status, text, colour) => {
    render(<StatusBadge status={status} />);

    expect(screen.getByText(text).classList.contains(colour)).toBe(true);
  });

  it('gives every status its own colour', () => {
    const colours = SHIPMENT_STATUSES.map((status) => badgeClasses(status).find((c) => /^(bg-base-300|badge-(warning|info|success|error))$/.test(c)));

    expect(new Set(colours).size).toBe(SHIPMENT_STATUSES.length);
  });
});
