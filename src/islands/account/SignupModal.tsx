import { useEffect, useState } from "react";
import Modal from "../ui/Modal";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import SignupForm from "./SignupForm";

type Props = I18nProps & { minAge: number; maxBirthdate: string };

/**
 * spec §2 Default layout: the signup modal. Links marked data-open-signup open it instead of
 * going to /signup (they still work before hydration). While a signup is being sent it cannot be
 * closed by Escape or the backdrop.
 */
export default function SignupModal(props: Props) {
  const t = useTranslate(props);
  const [open, setOpen] = useState(false);
  const [inProgress, setInProgress] = useState(false);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const trigger = (event.target as Element | null)?.closest?.("[data-open-signup]");
      if (!trigger || event.defaultPrevented || event.metaKey || event.ctrlKey) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  return (
    <Modal
      open={open}
      title={t("signup.heading")}
      closeLabel={t("common.close")}
      dismissible={!inProgress}
      onClose={() => setOpen(false)}
    >
      {open ? (
        <SignupForm
          locale={props.locale}
          messages={props.messages}
          minAge={props.minAge}
          maxBirthdate={props.maxBirthdate}
          onBusyChange={setInProgress}
        />
      ) : null}
    </Modal>
  );
}
