import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '#tests/setup/web/render.tsx';
import { SecretOnceDialog } from './secret-once-dialog.tsx';

const SECRET = 'whsec_Qw93hTxY2pLmN8';

/** `clipboard` null: a browser without the Clipboard API (plain http, an old WebView). */
function setup(clipboard: { writeText: (text: string) => Promise<void> } | null = { writeText: vi.fn().mockResolvedValue(undefined) }) {
  // user-event puts its own clipboard on navigator at setup: ours goes after it.
  const user = userEvent.setup();
  Object.defineProperty(navigator, 'clipboard', { value: clipboard ?? undefined, configurable: true });
  const onClose = vi.fn();
  render(
    <SecretOnceDialog
      open
      title="New feed key of SPS"
      warning="It will not be shown again."
      fields={[
        { label: 'Key id', value: 'pk_new', copyLabel: 'Copy the key id' },
        { label: 'Secret', value: SECRET, copyLabel: 'Copy the secret', secret: true },
      ]}
      onClose={onClose}
    />,
  );
  const dialog = screen.getByRole<HTMLDialogElement>('dialog', { name: 'New feed key of SPS' });
  return { dialog, onClose, user };
}

const question = () => screen.queryByRole('group', { name: 'Have you copied the secret?' });

afterEach(() => vi.restoreAllMocks());

describe('a secret shown once', () => {
  it('asks before Escape closes it, and goes back to the secret on "No"', async () => {
    const { dialog, onClose, user } = setup();
    expect(within(dialog).getByRole('alert').textContent).toContain('It will not be shown again.');
    await user.keyboard('{Escape}');

    expect(question()).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No, back to the secret' }));

    await user.click(screen.getByRole('button', { name: 'No, back to the secret' }));
    expect(question()).toBeNull();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Secret').value).toBe(SECRET);

    // The browser's own cancel (Escape, a phone's Back) asks too; "Yes, close" closes.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await user.click(screen.getByRole('button', { name: 'Yes, close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks before the Close button or the backdrop closes it', async () => {
    const { dialog, onClose, user } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(question()).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'No, back to the secret' }));

    fireEvent.click(dialog.querySelector('.modal-backdrop')!);
    expect(question()).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('copies the secret, says "Copied", and then closes without asking', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const { dialog, onClose, user } = setup({ writeText });
    // The key id alone is not the secret: closing still asks.
    await user.click(within(dialog).getByRole('button', { name: 'Copy the key id' }));
    expect(writeText).toHaveBeenCalledWith('pk_new');
    await user.keyboard('{Escape}');
    expect(question()).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'No, back to the secret' }));

    await user.click(within(dialog).getByRole('button', { name: 'Copy the secret' }));
    expect(writeText).toHaveBeenLastCalledWith(SECRET);
    expect(within(dialog).getAllByRole('button', { name: 'Copied' })).toHaveLength(2);
    expect(within(dialog).getAllByRole('status').map((s) => s.textContent)).toEqual(['Copied to the clipboard.', 'Copied to the clipboard.']);

    await user.keyboard('{Escape}');
    expect(question()).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('without a clipboard, selects the secret and says how to copy it', async () => {
    const { dialog, onClose, user } = setup(null);
    await user.click(within(dialog).getByRole('button', { name: 'Copy the secret' }));

    const input = within(dialog).getByLabelText<HTMLInputElement>('Secret');
    expect(await within(dialog).findByText(/did not allow copying.*press Ctrl\+C/)).toBeTruthy();
    expect(document.activeElement).toBe(input);
    expect(within(dialog).queryByRole('button', { name: 'Copied' })).toBeNull();

    // Copied by hand: closes without asking.
    fireEvent.copy(input);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
