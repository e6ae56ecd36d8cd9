import { afterEach, describe, expect, it } from 'vitest';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '../../../shared/domain/enums.ts';
import { render } from '../../../../tests/setup/web/render.tsx';
import { StatusBadge } from './status-badge.tsx';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function badge(status: ShipmentStatus): HTMLElement {
  const view = render(<StatusBadge status={status} />);
  cleanup = view.unmount;
  const element = view.container.querySelector<HTMLElement>('.badge');
  if (!element) throw new Error('no badge rendered');
  return element;
}

describe('StatusBadge', () => {
  it.each([
    ['CREATED', 'Created', 'bg-base-300'],
    ['MANIFESTED', 'Manifested', 'badge-warning'],
    ['ARRIVED', 'Arrived', 'badge-info'],
    ['SENT', 'Sent', 'badge-success'],
    ['DELETED', 'Deleted', 'badge-error'],
  ] as const)('shows %s as the text "%s" in %s', (status, text, colour) => {
    const element = badge(status);

    expect(element.textContent).toBe(text);
    expect(element.classList.contains(colour)).toBe(true);
  });

  it('gives every status its own colour', () => {
    const colours = SHIPMENT_STATUSES.map((status) => {
      const element = badge(status);
      const colour = [...element.classList].find((c) => /^(bg-base-300|badge-(warning|info|success|error))$/.test(c));
      cleanup?.();
      cleanup = undefined;
      return colour;
    });

    expect(new Set(colours).size).toBe(SHIPMENT_STATUSES.length);
  });
});
