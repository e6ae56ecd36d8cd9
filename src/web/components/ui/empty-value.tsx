import { Trans } from '@lingui/react/macro';

/** A missing value in a table or a description list: a dash on screen, "None" for screen readers. */
export function EmptyValue() {
  return (
    <>
      <span className="text-base-content/40" aria-hidden="true">
        —
      </span>
      <span className="sr-only">
        <Trans>None</Trans>
      </span>
    </>
  );
}
