import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShipmentStatus } from '../../../../shared/domain/enums.ts';
import { renderInRouter } from '../../../../../tests/setup/web/render.tsx';
import { ShipmentActionsMenu, type ShipmentActionsMenuProps } from './shipment-actions-menu.tsx';
import { testShipment } from '../../../../../tests/setup/web/shipment-fixtures.ts';

const shipment = (status: ShipmentStatus) => testShipment({ status });

let cleanup: (() => void) | undefined;
beforeEach(() => {
  // happy-dom has no popover API; the menu closes itself through it.
  HTMLElement.prototype.hidePopover ??= function () {};
});
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

async function setup(status: ShipmentStatus, props: Partial<ShipmentActionsMenuProps> = {}) {
  const onDelete = vi.fn();
  const onDownloadLabel = vi.fn();
  const view = renderInRouter(<ShipmentActionsMenu shipment={shipment(status)} onDelete={onDelete} onDownloadLabel={onDownloadLabel} {...props} />);
  cleanup = view.unmount;
  await act(async () => {
    await vi.waitFor(() => expect(view.container.querySelector('button')).not.toBeNull());
  });
  const items = () => [...view.container.querySelectorAll('[role="menuitem"]')].map((i) => i.textContent);
  return { view, items, onDelete, onDownloadLabel };
}

describe('ShipmentActionsMenu', () => {
  it('offers the label of every shipment that is not deleted, and Delete only while CREATED', async () => {
    expect((await setup('CREATED')).items()).toEqual(['Details', 'Download label', 'Delete']);
    cleanup?.();
    expect((await setup('MANIFESTED')).items()).toEqual(['Details', 'Download label']);
    cleanup?.();
    expect((await setup('DELETED')).items()).toEqual(['Details']);
  });

  it('offers no Delete to a role that may not delete (OFFICER, REPORTER: no onDelete)', async () => {
    expect((await setup('CREATED', { onDelete: undefined })).items()).toEqual(['Details', 'Download label']);
  });

  it('asks for the row label and shows that it is being fetched', async () => {
    const { view, onDownloadLabel } = await setup('SENT');
    const item = [...view.container.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')].find((i) => i.textContent === 'Download label')!;
    act(() => item.click());
    expect(onDownloadLabel).toHaveBeenCalledWith('PP0000000101');

    cleanup?.();
    const busy = await setup('SENT', { labelBusy: true });
    expect(busy.view.container.querySelector('button[aria-label="Actions for PP0000000101"]')!.getAttribute('aria-busy')).toBe('true');
  });

  it('moves between its items with the arrow keys, wrapping, and jumps with Home and End', async () => {
    const { view } = await setup('CREATED');
    const menu = view.container.querySelector<HTMLElement>('[role="menu"]')!;
    const items = [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const press = (key: string) => act(() => void menu.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));
    items[0]!.focus();
    press('ArrowDown');
    expect(document.activeElement).toBe(items[1]);
    press('ArrowDown');
    press('ArrowDown');
    expect(document.activeElement).toBe(items[0]);
    press('ArrowUp');
    expect(document.activeElement).toBe(items[2]);
    press('Home');
    expect(document.activeElement).toBe(items[0]);
    press('End');
    expect(document.activeElement).toBe(items[2]);
  });
});
