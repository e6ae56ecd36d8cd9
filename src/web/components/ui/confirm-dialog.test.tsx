import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../../tests/setup/web/render.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

function setup(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <ConfirmDialog open title="Delete shipment PP0000000001?" confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel} {...props}>
      <p>This cannot be undone.</p>
    </ConfirmDialog>,
  );
  cleanup = view.unmount;
  const dialog = view.container.querySelector('dialog');
  if (!dialog) throw new Error('no dialog');
  const button = (name: string) => [...dialog.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;
  return { dialog, button, onConfirm, onCancel, view };
}

describe('ConfirmDialog', () => {
  it('opens as a modal named by its title and focuses Cancel', () => {
    const { dialog, button } = setup();

    expect(dialog.open).toBe(true);
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Delete shipment PP0000000001?');
    expect(document.activeElement).toBe(button('Cancel'));
  });

  it('confirms with the confirm button', () => {
    const { button, onConfirm, onCancel } = setup();
    act(() => button('Delete').click());

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels on Escape (the dialog cancel event) and with Cancel', () => {
    const { dialog, button, onCancel } = setup();
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    act(() => button('Cancel').click());

    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('does not cancel while the action runs', () => {
    const { dialog, button, onCancel } = setup({ busy: true });
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });

    expect(onCancel).not.toHaveBeenCalled();
    expect(button('Delete').disabled).toBe(true);
  });

  it('closes when open turns false', () => {
    const { dialog, view } = setup();
    view.rerender(<ConfirmDialog open={false} title="t" confirmLabel="Delete" onConfirm={() => {}} onCancel={() => {}} />);

    expect(dialog.open).toBe(false);
  });
});
