import type { InputHTMLAttributes, ReactNode } from "react";

type FieldProps = {
  id: string;
  label: string;
  /** A translated message shown under the control and announced with it. */
  error?: string | null | undefined;
  hint?: string | undefined;
  /** The control (input, select, textarea), given the id and the ARIA wiring to spread on it. */
  children: (control: {
    id: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
  }) => ReactNode;
};

/**
 * The design system's form field: label, any control, optional hint and inline error, wired
 * together with aria-invalid and aria-describedby so screen readers read the message with it.
 */
export function Field({ id, label, error, hint, children }: FieldProps) {
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") ||
    undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className"> & {
  id: string;
  label: string;
  error?: string | null | undefined;
  hint?: string | undefined;
  /** A short value (a code, a number): the input is as wide as it needs. */
  narrow?: boolean;
};

/** A labelled text input (the common case of `Field`). */
export default function TextField({ id, label, error, hint, narrow, ...input }: Props) {
  const className = narrow ? "field-input field-narrow" : "field-input";
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(control) => <input className={className} {...control} {...input} />}
    </Field>
  );
}
