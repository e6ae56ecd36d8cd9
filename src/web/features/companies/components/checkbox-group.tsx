import { useId } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

export interface CheckboxOption {
  value: string;
  label: string;
}

/** A labelled group of checkboxes whose form value is the array of the checked values. */
export function CheckboxGroup<T extends FieldValues>({ control, name, legend, options, empty }: { control: Control<T>; name: Path<T>; legend: string; options: CheckboxOption[]; empty?: string }) {
  const { field } = useController({ control, name });
  const id = useId();
  const value = (field.value as string[] | undefined) ?? [];
  const toggle = (option: string, checked: boolean) => field.onChange(checked ? [...value, option] : value.filter((v) => v !== option));
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">{legend}</legend>
      {options.length === 0 && empty && <p className="text-sm text-base-content/70">{empty}</p>}
      <div className="flex flex-col gap-1">
        {options.map((option, index) => (
          <label key={option.value} className="label cursor-pointer gap-2 whitespace-normal text-base-content" htmlFor={`${id}-${index}`}>
            <input
              id={`${id}-${index}`}
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={value.includes(option.value)}
              onChange={(e) => toggle(option.value, e.target.checked)}
              onBlur={field.onBlur}
            />
            <span className="break-all">{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
