import { type SubmitEvent, useId, useState } from "react";
import type { Translate } from "../../../i18n/translate";
import { api } from "../../../lib/api-client";
import PasswordField from "../../ui/PasswordField";
import { useApiForm } from "../../ui/use-api-form";
import SectionStatus from "./SectionStatus";
import SettingsSection from "./SettingsSection";

/** spec §2 Settings password; spec §5: the two new passwords must match, the old one be right. */
export default function PasswordSection({ t }: { t: Translate }) {
  const id = useId();
  const form = useApiForm(t);
  const [changed, setChanged] = useState(false);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const data = new FormData(formElement);
    const value = (name: string) => String(data.get(name) ?? "");
    setChanged(false);
    // spec §5: caught here, so the member need not wait for the server to hear it.
    if (value("password") !== value("password_repeat")) {
      form.refuse({ password_repeat: t("reset.do.mismatch") });
      return;
    }
    void form.run(async () => {
      await api("PUT /api/password.php", {
        body: {
          old_password: value("old_password"),
          password: value("password"),
          password_repeat: value("password_repeat"),
        },
      });
      formElement.reset();
      setChanged(true);
    });
  }

  return (
    <SettingsSection heading={t("settings.password.heading")}>
      <form method="post" className="stack" onSubmit={submit} noValidate>
        <PasswordField
          id={`${id}-old_password`}
          name="old_password"
          purpose="current"
          label={t("settings.password.old")}
          error={form.fields.old_password}
        />
        <PasswordField
          id={`${id}-password`}
          name="password"
          purpose="new"
          label={t("settings.password.new")}
          error={form.fields.password}
        />
        <PasswordField
          id={`${id}-password_repeat`}
          name="password_repeat"
          purpose="new"
          label={t("settings.password.repeat")}
          error={form.fields.password_repeat}
        />
        <SectionStatus form={form} done={changed ? t("settings.password.saved") : null} />
        <button type="submit" className="btn btn-primary" aria-disabled={form.busy}>
          {t("settings.password.submit")}
        </button>
      </form>
    </SettingsSection>
  );
}
