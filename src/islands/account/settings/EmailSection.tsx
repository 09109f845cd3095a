import { type SubmitEvent, useId, useState } from "react";
import type { Translate } from "../../../i18n/translate";
import { api } from "../../../lib/api-client";
import EmailField from "../../ui/EmailField";
import { useApiForm } from "../../ui/use-api-form";
import SectionStatus from "./SectionStatus";
import SettingsSection from "./SettingsSection";

type Props = { t: Translate; email: string };

/** spec §2 Settings e-mail: a new address takes effect through the link sent to it. */
export default function EmailSection({ t, email }: Props) {
  const id = useId();
  const form = useApiForm(t);
  const [sentTo, setSentTo] = useState<string | null>(null);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = String(new FormData(event.currentTarget).get("email") ?? "");
    setSentTo(null);
    void form.run(async () => {
      await api("POST /api/mail-change.php", { body: { email: wanted } });
      setSentTo(wanted);
    });
  }

  return (
    <SettingsSection heading={t("settings.email.heading")}>
      <p>{t("settings.email.current", { email })}</p>
      <form method="post" className="stack" onSubmit={submit} noValidate>
        <EmailField id={`${id}-email`} label={t("settings.email.new")} error={form.fields.email} />
        <SectionStatus
          form={form}
          done={sentTo ? t("settings.email.sent", { email: sentTo }) : null}
        />
        <button type="submit" className="btn btn-primary" aria-disabled={form.busy}>
          {t("settings.email.submit")}
        </button>
      </form>
    </SettingsSection>
  );
}
