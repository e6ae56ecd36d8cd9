import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '#tests/setup/web/render.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

function setup(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <ConfirmDialog open title="Delete shipment PP0000000001?" confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel} {...props}>
      <p>This cannot be undone.</p>
    </ConfirmDialog>,
  );
  const dialog = screen.getByRole<HTMLDialogElement>('dialog', { name: 'Delete shipment PP0000000001?' });
  return { dialog, onConfirm, onCancel, view, user: userEvent.setup() };
}

describe('ConfirmDialog', () => {
  it('opens as a modal named by its title and focuses Cancel', () => {
    const { dialog } = setup();

    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('confirms with the confirm button', async () => {
    const { user, onConfirm, onCancel } = setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels on Escape (the dialog cancel event) and with Cancel', async () => {
    const { dialog, user, onCancel } = setup();
    // The browser turns Escape on a modal dialog into its cancel event (happy-dom does not).
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('does not cancel while the action runs', () => {
    const { dialog, onCancel } = setup({ busy: true });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));

    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Delete' }).disabled).toBe(true);
  });

  it('closes when open turns false', () => {
    const { dialog, view } = setup();
    view.rerender(<ConfirmDialog open={false} title="t" confirmLabel="Delete" onConfirm={() => {}} onCancel={() => {}} />);

    expect(dialog.open).toBe(false);
  });
});
