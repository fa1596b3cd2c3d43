import { type InputHTMLAttributes, useId } from 'react';
import { type ButtonVariant, buttonClass } from './button.ts';
import { controlClass } from './fields/control-class.ts';

interface SearchInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'name' | 'className'> {
  label: string;
  /** The label's class when it shows; by default it is for screen readers only. */
  labelClassName?: string;
  /** The Search button's look. */
  buttonVariant?: ButtonVariant;
  /** The longest search the place accepts; give the API's own limit where searches are longer (a ticket code). */
  maxLength?: number;
}

/**
 * The words of a search (`q`) and its Search button, to put inside the place's own GET form, so that searching works
 * before the page's code has loaded.
 */
export function SearchInput({
  label,
  labelClassName = 'sr-only',
  buttonVariant = 'primary',
  maxLength = 100,
  ...input
}: SearchInputProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          name="q"
          maxLength={maxLength}
          enterKeyHint="search"
          className={`h-12 flex-1 ${controlClass(false)}`}
          {...input}
        />
        <button type="submit" className={`${buttonClass(buttonVariant)} shrink-0`}>
          Search
        </button>
      </div>
    </>
  );
}
