import type { ComponentProps } from "react";
import TextField from "./TextField";

type Props = Omit<ComponentProps<typeof TextField>, "name" | "type" | "autoComplete"> & {
  /** "username" where the address logs in (a password field follows); else "email". */
  autoComplete?: "email" | "username";
};

/** A required e-mail address field sent as `email`, so browsers offer the member's address. */
export default function EmailField(props: Props) {
  return <TextField name="email" type="email" autoComplete="email" required {...props} />;
}
