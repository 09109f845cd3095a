import type { ComponentProps } from "react";
import TextField from "./TextField";

type Props = Omit<ComponentProps<typeof TextField>, "type" | "autoComplete"> & {
  name: string;
  /**
   * "current": the member's password, which password managers fill in; "new": one being chosen,
   * for which they offer to generate and save one.
   */
  purpose: "current" | "new";
};

/** A required password field, marked for password managers by its purpose. */
export default function PasswordField({ purpose, ...input }: Props) {
  return <TextField type="password" autoComplete={`${purpose}-password`} required {...input} />;
}
