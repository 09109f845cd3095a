import { type ReactNode, useId } from "react";

type Props = { heading: string; className?: string; children: ReactNode };

/** One card of the settings page, named by its heading. */
export default function SettingsSection({ heading, className, children }: Props) {
  const id = useId();
  return (
    <section className={`card stack ${className ?? ""}`.trim()} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{heading}</h2>
      {children}
    </section>
  );
}
