import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShipmentStatus } from '#shared/domain/enums.ts';
import { renderInRouter } from '#tests/setup/web/render.tsx';
import { ShipmentActionsMenu, type ShipmentActionsMenuProps } from './shipment-actions-menu.tsx';
import { testShipment } from '#tests/setup/web/shipment-fixtures.ts';

const shipment = (status: ShipmentStatus) => testShipment({ status });

beforeEach(() => {
  // happy-dom has no popover API; the menu closes itself through it.
  HTMLElement.prototype.hidePopover ??= function () {};
});

async function setup(status: ShipmentStatus, props: Partial<ShipmentActionsMenuProps> = {}) {
  const onDelete = vi.fn();
  const onDownloadLabel = vi.fn();
  const view = renderInRouter(<ShipmentActionsMenu shipment={shipment(status)} onDelete={onDelete} onDownloadLabel={onDownloadLabel} {...props} />);
  const opener = await screen.findByRole('button', { name: 'Actions for PP0000000101' });
  const items = () => within(screen.getByRole('menu', { name: 'Actions for PP0000000101' })).getAllByRole('menuitem').map((i) => i.textContent);
  return { opener, items, onDelete, onDownloadLabel, unmount: view.unmount, user: userEvent.setup() };
}

describe('ShipmentActionsMenu', () => {
  it('offers the label of every shipment that is not deleted, and Delete only while CREATED', async () => {
    const created = await setup('CREATED');
    expect(created.items()).toEqual(['Details', 'Download label', 'Delete']);
    created.unmount();
    const manifested = await setup('MANIFESTED');
    expect(manifested.items()).toEqual(['Details', 'Download label']);
    manifested.unmount();
    expect((await setup('DELETED')).items()).toEqual(['Details']);
  });

  it('offers no Delete to a role that may not delete (OFFICER, REPORTER: no onDelete)', async () => {
    expect((await setup('CREATED', { onDelete: undefined })).items()).toEqual(['Details', 'Download label']);
  });

  it('asks for the row label and shows that it is being fetched', async () => {
    const { user, onDownloadLabel, unmount } = await setup('SENT');
    await user.click(screen.getByRole('menuitem', { name: 'Download label' }));
    expect(onDownloadLabel).toHaveBeenCalledWith('PP0000000101');

    unmount();
    const busy = await setup('SENT', { labelBusy: true });
    expect(busy.opener.getAttribute('aria-busy')).toBe('true');
  });

  it('moves between its items with the arrow keys, wrapping, and jumps with Home and End', async () => {
    const { user } = await setup('CREATED');
    const items = screen.getAllByRole('menuitem');
    items[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items[2]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(items[2]);
  });
});
