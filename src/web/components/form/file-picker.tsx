import { useLingui } from '@lingui/react/macro';
import { useWatch, type Control, type FieldValues, type Path, type UseFormRegisterReturn } from 'react-hook-form';

/**
 * A file field whose button and "no file" text are in the app's language (a bare file input
 * speaks the browser's). The real input stays in the page, focusable and labelled; it is only
 * drawn by the button beside it. The chosen name follows the form, a reset included.
 */
export function FilePicker<T extends FieldValues>({
  id,
  accept,
  registration,
  control,
  invalid = false,
  describedBy,
}: {
  id: string;
  accept: string;
  registration: UseFormRegisterReturn<Path<T>>;
  control: Control<T>;
  invalid?: boolean;
  describedBy?: string | undefined;
}) {
  const { t } = useLingui();
  const files: unknown = useWatch({ control, name: registration.name });
  const name = files instanceof FileList ? files[0]?.name : undefined;
  return (
    <div
      className={`input w-full gap-3 pl-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-base-content ${invalid ? 'input-error' : ''}`}
    >
      <input id={id} type="file" accept={accept} className="sr-only" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...registration} />
      <label htmlFor={id} className="btn btn-sm btn-neutral" aria-hidden="true">
        {t`Choose file`}
      </label>
      <span className={`truncate text-sm ${name ? '' : 'text-base-content/70'}`} data-testid="file-name">
        {name ?? t`No file chosen`}
      </span>
    </div>
  );
}
