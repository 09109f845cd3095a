import type { ReactNode, SubmitEvent } from "react";
import type { useApiForm } from "../../ui/use-api-form";
import WizardButtons from "./WizardButtons";
import type { StepProps } from "./wizard-steps";

type Props = Pick<StepProps, "t" | "save" | "onBack" | "canSkip"> & {
  /** The step's form state (its 422 field messages are shown by the step's fields). */
  form: ReturnType<typeof useApiForm>;
  /** The step's answers from its fields. */
  collect: (data: FormData) => Record<string, unknown>;
  submitLabel?: string;
  children?: ReactNode;
};

/**
 * The frame of one wizard step: its fields, the buttons and the status area. Saving goes through
 * the shared form hook; on success the wizard moves focus to the next step's heading, on a
 * failure the fields keep what was typed (they are not re-mounted) and focus goes to the first
 * field with a message, or to the status area.
 */
export default function StepForm({
  t,
  form,
  save,
  collect,
  onBack,
  canSkip,
  submitLabel,
  children,
}: Props) {
  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const answers = collect(new FormData(event.currentTarget));
    void form.run(() => save(answers), { keepsFocus: true });
  }

  return (
    <form className="stack" onSubmit={submit}>
      {children}
      <WizardButtons
        t={t}
        busy={form.busy}
        submitLabel={submitLabel ?? t("wizard.next")}
        onBack={onBack}
        onSkip={canSkip ? () => void form.run(() => save({}), { keepsFocus: true }) : undefined}
      />
      <div
        ref={form.statusRef}
        tabIndex={-1}
        role="status"
        className={form.error ? "alert alert-danger" : "visually-hidden"}
      >
        {form.error ?? ""}
      </div>
    </form>
  );
}
