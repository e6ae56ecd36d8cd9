/** Controls a group's error can send the focus to. */
const CONTROLS = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/**
 * Moves the focus to the first field with an error inside `container`, in the order the fields
 * stand on the page: an input marked aria-invalid, or, where a group's message (FieldErrorText,
 * data-field-error) comes first, that group's chosen or first control; a message whose group has
 * no control (the parcel list, the parcel point) takes the focus itself. False when nothing is
 * marked.
 */
export function focusFirstError(container: HTMLElement): boolean {
  const first = container.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-error]');
  if (!first) return false;
  let target = first;
  if (first.hasAttribute('data-field-error')) {
    const group = first.closest('fieldset');
    const control = group && container.contains(group) ? (group.querySelector<HTMLElement>('input:checked:not([disabled])') ?? group.querySelector<HTMLElement>(CONTROLS)) : null;
    if (control) target = control;
    else first.tabIndex = -1;
  }
  target.focus();
  return true;
}
