import { type ComponentProps, type ReactNode, useId } from "react";
import type { Translate } from "../../i18n/translate";
import TextField from "../ui/TextField";
import ActionForm from "./ActionForm";
import ConfirmDialog, { useConfirm } from "./ConfirmDialog";

/** One action on a member: a form asking for a reason (kept in the audit row). */
export type StaffAction = {
  /** Tells the forms apart. */
  name: string;
  title: string;
  lead?: string;
  submitLabel: string;
  /** A red button, and the list's dialog asks first (ban, erase). */
  dangerous?: boolean;
  /** Fields besides the reason (ActionField). */
  field?: ReactNode;
  /** Runs the action with the reason typed; answers what to show, or throws the API's error. */
  run: (reason: string, data: FormData) => Promise<string>;
};

/** What the dialog before a dangerous action asks. */
export type Confirmation = { title: string; confirmLabel: string; text: string };

type Props = {
  t: Translate;
  /** The actions the role may take on this member now; false where one does not apply. */
  actions: readonly (StaffAction | false)[];
  /** The API's limit for the reason. */
  reasonMax?: number;
  confirmation: Confirmation;
};

/**
 * design §13: a member's actions as forms, one after another, each with its reason, its result
 * or its translated error; a dangerous one asks first in a dialog, and focus returns to its
 * button when the dialog closes.
 */
export default function ActionList({ t, actions, reasonMax, confirmation }: Props) {
  const confirm = useConfirm();
  return (
    <>
      {actions.map((action) =>
        action ? (
          <ActionForm
            key={action.name}
            t={t}
            title={action.title}
            lead={action.lead}
            submitLabel={action.submitLabel}
            danger={action.dangerous}
            confirm={action.dangerous ? confirm.ask : undefined}
            withReason
            reasonMax={reasonMax}
            onSubmit={(data) => action.run(String(data.get("reason") ?? ""), data)}
          >
            {action.field}
          </ActionForm>
        ) : null,
      )}
      <ConfirmDialog
        t={t}
        open={confirm.open}
        title={confirmation.title}
        confirmLabel={confirmation.confirmLabel}
        onClose={confirm.close}
      >
        <p>{confirmation.text}</p>
      </ConfirmDialog>
    </>
  );
}

type FieldProps = Omit<ComponentProps<typeof TextField>, "id" | "narrow" | "required"> & {
  name: string;
  hint: string;
};

/** A required, labelled input of an action's form with its hint (the credits, the days). */
export function ActionField(props: FieldProps) {
  return <TextField id={useId()} narrow required {...props} />;
}

/**
 * A whole number typed in a field, or NaN (the API answers NaN with its translated 422): digits
 * only, an optional sign (a typographic minus counts), at most `digits` of them.
 * @example wholeNumber(" −10 ", 7) // -10
 */
export function wholeNumber(value: FormDataEntryValue | null, digits: number): number {
  const text = String(value ?? "")
    .trim()
    .replace("−", "-")
    .replace(/^\+/, "");
  return new RegExp(`^-?\\d{1,${digits}}$`).test(text) ? Number(text) : Number.NaN;
}
