import { type ComponentProps, useState } from "react";
import TextField, { Field } from "./TextField";

type Props = Omit<ComponentProps<typeof TextField>, "type" | "autoComplete" | "narrow"> & {
  name: string;
  /**
   * "current": the member's password, which password managers fill in; "new": one being chosen,
   * for which they offer to generate and save one.
   */
  purpose: "current" | "new";
  /** A button beside the field that shows the password as typed, and hides it again. */
  reveal?: { show: string; hide: string };
};

/** A required password field, marked for password managers by its purpose. */
export default function PasswordField({ purpose, reveal, ...input }: Props) {
  const [shown, setShown] = useState(false);
  const autoComplete = `${purpose}-password`;
  if (!reveal) return <TextField type="password" autoComplete={autoComplete} required {...input} />;
  const { id, label, error, hint, ...attributes } = input;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <div className="field-with-action">
          <input
            className="field-input"
            {...control}
            {...attributes}
            type={shown ? "text" : "password"}
            autoComplete={autoComplete}
            required
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm field-action"
            aria-pressed={shown}
            onClick={() => setShown(!shown)}
          >
            {shown ? reveal.hide : reveal.show}
          </button>
        </div>
      )}
    </Field>
  );
}
