import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '#tests/setup/web/render.tsx';
import { WizardTabs } from './wizard-tabs.tsx';

// Layout is the e2e's to see (wizard-steps.spec.ts at 390 px); here: what a phone is given to read.
describe('WizardTabs on a phone', () => {
  it('says "Step 3 of 6 — Recipient" below tablet width, and shows the six tabs from there up, not scrolling sideways', () => {
    render(<WizardTabs step={3} furthest={3} onSelect={vi.fn()} errors={{}} />);
    const line = screen.getByText('Step 3 of 6 — Recipient');
    const phoneOnly = line.closest('[data-testid="wizard-step-label"]')!;
    expect(phoneOnly.className.split(' ')).toContain('md:hidden');
    const tablist = screen.getByRole('tablist');
    expect(tablist.className.split(' ')).toContain('max-md:hidden');
    expect(tablist.className).not.toContain('overflow-x-auto');
    expect(screen.getAllByRole('tab')).toHaveLength(6);
  });

  it('names the step it is on as the tabs name it', () => {
    const { rerender } = render(<WizardTabs step={5} furthest={5} onSelect={vi.fn()} errors={{}} />);
    expect(screen.getByText('Step 5 of 6 — Services')).toBeTruthy();
    rerender(<WizardTabs step={6} furthest={6} onSelect={vi.fn()} errors={{}} />);
    expect(screen.getByText('Step 6 of 6 — Summary')).toBeTruthy();
  });
});
