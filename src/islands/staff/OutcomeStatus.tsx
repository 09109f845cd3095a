import type { Ref } from "react";
import ErrorAlert from "../ui/ErrorAlert";

type Props = {
  /** Focused after a change whose control is gone, so the outcome is heard. */
  statusRef: Ref<HTMLDivElement>;
  error: string | null;
  status: string | null;
};

/** A console screen's outcome: the last error, or what the last action did. */
export default function OutcomeStatus({ statusRef, error, status }: Props) {
  return (
    <div ref={statusRef} tabIndex={-1} className="form-status">
      <ErrorAlert message={error} />
      {status ? (
        <p className="alert alert-info" role="status">
          {status}
        </p>
      ) : null}
    </div>
  );
}
