import { useEffect, useRef, useState } from "react";
import type { LegalPreviewAnswer, LegalTextAnswer } from "../../contract/staff-legal";
import type { MessageKey } from "../../i18n/catalogues";
import { api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import { Field } from "../ui/TextField";
import { describeApiError, useApiForm } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import ConfirmDialog, { useConfirm } from "./ConfirmDialog";
import { staffFormat } from "./format";
import SiteSelect from "./SiteSelect";

/** The catalogue keys this island needs (its page picks them; its test too). */
export const LEGAL_EDITOR_MESSAGES = [
  "staff.legal.",
  "staff.console.action.cancel",
  "staff.console.action.working",
  "common.close",
  "error.",
  "validation.",
];

type Props = I18nProps & {
  /** The sites this deployment serves (id and brand). */
  sites: readonly { id: string; name: string }[];
  /** The content languages: the 11 locales and en-US (its privacy text). */
  languages: readonly string[];
};

type Selection = { site: string; locale: string; document: string };

/**
 * Issue 28 item 5 (decision 0013): an editor picks a site, a language and a text, edits its
 * Markdown, previews it as the page shows it, saves it (live at once) or reverts to the
 * default. The server checks every rule; its 422 is shown on the text field.
 */
export default function LegalEditor(props: Props) {
  const t = useTranslate(props);
  const format = staffFormat(props.locale);
  const languageNames = new Intl.DisplayNames(props.locale, { type: "language" });
  const [selection, setSelection] = useState<Selection>({
    site: props.sites[0]?.id ?? "",
    locale: props.languages.includes(props.locale) ? props.locale : (props.languages[0] ?? "en"),
    document: "terms",
  });
  const [documents, setDocuments] = useState<string[]>([]);
  const [text, setText] = useState<LegalTextAnswer | null>(null);
  const [markdown, setMarkdown] = useState("");
  const [preview, setPreview] = useState<LegalPreviewAnswer | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const form = useApiForm(t);
  const confirmation = useConfirm();
  const previewRef = useRef<HTMLElement>(null);
  const params = selection;

  // An answer for a site or language no longer chosen is dropped: it would load the wrong text
  // over what the editor has typed since.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the site or language changes
  useEffect(() => {
    let live = true;
    setLoadError(null);
    api("GET /api/staff/legal/{site}/{locale}", { params })
      .then((answer) => {
        if (!live) return;
        const names = answer.documents.map((entry) => entry.document);
        setDocuments(names);
        if (!names.includes(selection.document)) {
          setSelection((current) => ({ ...current, document: names[0] ?? "terms" }));
        }
      })
      .catch((caught) => live && setLoadError(describeApiError(caught, t)));
    return () => {
      live = false;
    };
  }, [selection.site, selection.locale]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the text changes
  useEffect(() => {
    if (!documents.includes(selection.document)) return;
    setText(null);
    setPreview(null);
    setStatus(null);
    let live = true;
    api("GET /api/staff/legal/{site}/{locale}/{document}", { params })
      .then((answer) => live && shown(answer))
      .catch((caught) => live && setLoadError(describeApiError(caught, t)));
    return () => {
      live = false;
    };
  }, [documents, selection.document]);

  function shown(answer: LegalTextAnswer) {
    setText(answer);
    setMarkdown(answer.override?.markdown ?? answer.default_markdown);
  }

  const documentName = (document: string) =>
    t(`staff.legal.documentName.${document}` as MessageKey);

  async function showPreview() {
    const ok = await form.run(
      async () => {
        setPreview(
          await api("POST /api/staff/legal/{site}/{locale}/{document}/preview", {
            params,
            body: { markdown },
          }),
        );
      },
      { keepsFocus: true },
    );
    if (ok) previewRef.current?.focus();
  }

  async function save() {
    await form.run(async () => {
      shown(
        await api("PUT /api/staff/legal/{site}/{locale}/{document}", {
          params,
          body: { markdown },
        }),
      );
      setStatus(t("staff.legal.saved"));
    });
  }

  async function revert() {
    if (!(await confirmation.ask())) return;
    await form.run(async () => {
      shown(await api("DELETE /api/staff/legal/{site}/{locale}/{document}", { params }));
      setPreview(null);
      setStatus(t("staff.legal.reverted"));
    });
  }

  const choose = (key: keyof Selection) => (event: { target: { value: string } }) =>
    setSelection((current) => ({ ...current, [key]: event.target.value }));

  return (
    <div className="stack">
      <p>{t("staff.legal.lead")}</p>
      <div className="cluster">
        <SiteSelect
          id="legal-site"
          label={t("staff.legal.site")}
          sites={props.sites}
          value={selection.site}
          onChange={(site) => choose("site")({ target: { value: site } })}
        />
        <Field id="legal-language" label={t("staff.legal.language")}>
          {(control) => (
            <select
              className="field-input"
              {...control}
              value={selection.locale}
              onChange={choose("locale")}
            >
              {props.languages.map((language) => (
                <option key={language} value={language}>
                  {languageNames.of(language) ?? language}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="legal-document" label={t("staff.legal.document")}>
          {(control) => (
            <select
              className="field-input"
              {...control}
              value={selection.document}
              onChange={choose("document")}
            >
              {documents.map((document) => (
                <option key={document} value={document}>
                  {documentName(document)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {loadError ? <ErrorAlert message={loadError} /> : null}
      {text ? (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <p>
            {text.override
              ? t("staff.legal.status.edited", { date: format.dateTime(text.override.updated_at) })
              : t("staff.legal.status.default")}
          </p>
          <Field
            id="legal-markdown"
            label={t("staff.legal.markdown")}
            hint={t("staff.legal.hint", { example: "{{site_name}}" })}
            error={form.fields.markdown}
          >
            {(control) => (
              <textarea
                className="field-input"
                {...control}
                rows={24}
                spellCheck
                lang={selection.locale}
                value={markdown}
                onChange={(event) => setMarkdown(event.target.value)}
              />
            )}
          </Field>
          <div ref={form.statusRef} tabIndex={-1} role="status">
            {form.error ? <ErrorAlert message={form.error} /> : status}
          </div>
          <div className="cluster">
            <button
              type="button"
              className="btn btn-outline"
              disabled={form.busy}
              onClick={showPreview}
            >
              {t("staff.legal.preview")}
            </button>
            <button type="submit" className="btn btn-primary" disabled={form.busy}>
              {form.busy ? t("staff.console.action.working") : t("staff.legal.save")}
            </button>
            {text.override ? (
              <button
                type="button"
                className="btn btn-danger"
                disabled={form.busy}
                onClick={revert}
              >
                {t("staff.legal.revert")}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      {preview ? (
        <section
          ref={previewRef}
          tabIndex={-1}
          aria-labelledby="legal-preview-title"
          className="card"
        >
          <h2 id="legal-preview-title">{t("staff.legal.previewTitle")}</h2>
          <article className="legal" lang={selection.locale}>
            <h1>{preview.title}</h1>
            {/* The server checked the text (no HTML, safe links) and rendered it (decision 0013). */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: checked server output */}
            <div className="legal-body" dangerouslySetInnerHTML={{ __html: preview.html }} />
          </article>
        </section>
      ) : null}
      <ConfirmDialog
        t={t}
        open={confirmation.open}
        title={t("staff.legal.revertTitle")}
        confirmLabel={t("staff.legal.revert")}
        onClose={confirmation.close}
      >
        <p>{t("staff.legal.revertBody")}</p>
      </ConfirmDialog>
    </div>
  );
}
