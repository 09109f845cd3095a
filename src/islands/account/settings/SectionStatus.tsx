import ErrorAlert from "../../ui/ErrorAlert";
import type { useApiForm } from "../../ui/use-api-form";

type Props = {
  form: ReturnType<typeof useApiForm>;
  /** What the last successful action achieved, if the section says so itself. */
  done?: string | null;
};

/**
 * A section's status area: the error of its last action, or what it achieved. The form hook
 * focuses it after an action, so a screen reader reads the outcome.
 */
export default function SectionStatus({ form, done }: Props) {
  return (
    <div ref={form.statusRef} tabIndex={-1} className="form-status">
      {form.error ? (
        <ErrorAlert message={form.error} />
      ) : done ? (
        <p className="alert alert-info" role="status">
          {done}
        </p>
      ) : null}
    </div>
  );
}
