import { type FormEvent, useEffect, useRef, useState } from "react";
import type { OwnPhotos } from "../contract/photos";
import {
  ABOUT_LENGTH,
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  HEIGHT_RANGE,
  MAX_INTERESTS,
  RELATIONSHIP_STATUSES,
} from "../contract/profile-options";
import type { OwnProfile } from "../contract/profiles";
import type { MessageKey } from "../i18n/catalogues";
import { apiFetch } from "../lib/api-client";
import { type GeoPermission, getGeoPermission, locateMember } from "../lib/geolocation";
import { type Interest, loadInterests, loadRegions, type Region } from "../stores/catalogues";
import PhotoManager from "./PhotoManager";
import { Field } from "./TextField";
import { useApiForm } from "./use-api-form";
import { type I18nProps, useTranslate } from "./use-translate";

type Props = I18nProps & {
  profile: OwnProfile;
  photos: OwnPhotos;
  /** The site's countries with their names in the member's language. */
  countries: { code: string; name: string }[];
  /** spec §3 visible_profile_fields and visible_profile_notes of the site. */
  visibleFields: string[];
  visibleNotes: string[];
  /** The step to open: from ?step=, else where the member left off. */
  initialStep: number;
  isPremium: boolean;
  premiumLimit: number;
  minBirthdate: string;
  maxBirthdate: string;
};

type StepId = "basics" | "appearance" | "relationship" | "about" | "photos";
const STEPS: { id: StepId; fields: string[] }[] = [
  { id: "basics", fields: ["gender", "seeking", "country", "region", "age"] },
  { id: "appearance", fields: ["hair_color", "eye_color", "body_type", "height"] },
  { id: "relationship", fields: ["relationship_status", "interests"] },
  { id: "about", fields: ["about"] },
  { id: "photos", fields: [] },
];
const COMPLETE = STEPS.length;

/**
 * The profile wizard (spec §2 /profile, steps 0-4 and a complete step). Each step is saved on
 * its own (PUT /api/profile.php) and the wizard resumes where the member left off; steps whose
 * fields the site does not ask for are left out.
 */
export default function ProfileWizard(props: Props) {
  const t = useTranslate(props);
  const shows = (field: string) =>
    props.visibleFields.includes(field) || props.visibleNotes.includes(field);
  const steps = STEPS.map((step, index) => ({ ...step, index })).filter(
    (step) => step.id === "photos" || step.id === "basics" || step.fields.some(shows),
  );
  const [profile, setProfile] = useState(props.profile);
  const [step, setStep] = useState(() => {
    const wanted = Math.min(props.initialStep, COMPLETE);
    return wanted === COMPLETE ? COMPLETE : (steps.find((s) => s.index >= wanted)?.index ?? 0);
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const form = useApiForm(t);
  const position = steps.findIndex((s) => s.index === step);
  const current = steps[position];

  useEffect(() => {
    const url = new URL(location.href);
    url.searchParams.set("step", String(step));
    history.replaceState(null, "", url);
    if (firstRender.current) firstRender.current = false;
    else headingRef.current?.focus();
  }, [step]);

  const next = () => setStep(steps[position + 1]?.index ?? COMPLETE);
  const back = position > 0 ? () => setStep(steps[position - 1]?.index ?? 0) : undefined;

  async function save(body: Record<string, unknown>) {
    await form.run(
      async () => {
        const saved = await apiFetch<OwnProfile>("/api/profile.php", {
          method: "PUT",
          body: { step, ...body },
        });
        setProfile(saved);
        next();
      },
      { keepsFocus: true },
    );
  }

  if (step === COMPLETE || !current) {
    return (
      <section className="card wizard-complete stack" aria-labelledby="wizard-complete-title">
        <h2 id="wizard-complete-title" ref={headingRef} tabIndex={-1}>
          {t("wizard.complete.title")}
        </h2>
        <p>{t("wizard.complete.text")}</p>
        <div className="wizard-actions">
          <a className="btn btn-primary" href={`/members/${profile.id}`}>
            {t("wizard.complete.viewProfile")}
          </a>
          <a className="btn btn-outline" href="/members">
            {t("wizard.complete.search")}
          </a>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => setStep(steps[0]?.index ?? 0)}
          >
            {t("wizard.complete.edit")}
          </button>
        </div>
      </section>
    );
  }

  const stepTitle = t(`wizard.step.${current.id}`);
  return (
    <div className="wizard">
      <nav aria-label={t("wizard.steps")}>
        <ol className="wizard-steps">
          {steps.map((item, index) => (
            <li
              key={item.id}
              className="wizard-step"
              aria-current={item.index === step ? "step" : undefined}
            >
              <span className="wizard-step-number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="wizard-step-label">{t(`wizard.step.${item.id}`)}</span>
            </li>
          ))}
        </ol>
      </nav>
      <section className="card stack wizard-panel" aria-labelledby="wizard-step-title">
        <div>
          <p className="muted wizard-progress">
            {t("wizard.progress", { step: position + 1, total: steps.length })}
          </p>
          <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1}>
            {stepTitle}
          </h2>
        </div>
        {current.id === "photos" ? (
          <>
            <PhotoManager
              locale={props.locale}
              messages={props.messages}
              photos={props.photos}
              isPremium={props.isPremium}
              premiumLimit={props.premiumLimit}
            />
            <WizardButtons
              t={t}
              busy={form.busy}
              onBack={back}
              submitLabel={t("wizard.finish")}
              onSubmit={() => save({})}
            />
          </>
        ) : (
          <StepForm
            key={current.id}
            id={current.id}
            t={t}
            props={props}
            profile={profile}
            shows={shows}
            fields={form.fields}
            busy={form.busy}
            onSave={save}
            onSkip={position > 0 ? () => save({}) : undefined}
            onBack={back}
          />
        )}
        <div
          ref={form.statusRef}
          tabIndex={-1}
          role="status"
          className={form.error ? "alert alert-danger" : "visually-hidden"}
        >
          {form.error ?? ""}
        </div>
      </section>
    </div>
  );
}

type Translate = ReturnType<typeof useTranslate>;

function WizardButtons(options: {
  t: Translate;
  busy: boolean;
  submitLabel: string;
  onBack?: (() => void) | undefined;
  onSkip?: (() => void) | undefined;
  onSubmit?: () => void;
}) {
  const { t, busy } = options;
  return (
    <div className="wizard-actions">
      {options.onBack ? (
        <button type="button" className="btn btn-ghost" onClick={options.onBack} disabled={busy}>
          {t("wizard.back")}
        </button>
      ) : null}
      {options.onSkip ? (
        <button type="button" className="btn btn-outline" onClick={options.onSkip} disabled={busy}>
          {t("wizard.skip")}
        </button>
      ) : null}
      <button
        type={options.onSubmit ? "button" : "submit"}
        className="btn btn-primary"
        disabled={busy}
        onClick={options.onSubmit}
      >
        {busy ? t("wizard.saving") : options.submitLabel}
      </button>
    </div>
  );
}

type StepFormProps = {
  id: Exclude<StepId, "photos">;
  t: Translate;
  props: Props;
  profile: OwnProfile;
  shows: (field: string) => boolean;
  fields: Record<string, string>;
  busy: boolean;
  onSave: (body: Record<string, unknown>) => Promise<void>;
  onSkip?: (() => void) | undefined;
  onBack?: (() => void) | undefined;
};

/** One step's form: uncontrolled fields, so what the member typed stays when a save fails. */
function StepForm({
  id,
  t,
  props,
  profile,
  shows,
  fields,
  busy,
  onSave,
  onSkip,
  onBack,
}: StepFormProps) {
  const [country, setCountry] = useState(profile.country);
  const [region, setRegion] = useState(profile.region ?? "");
  const [regions, setRegions] = useState<Record<string, Region[]> | null>(null);
  const [interests, setInterests] = useState<Interest[] | null>(null);
  const [permission, setPermission] = useState<GeoPermission>("unknown");
  const [locating, setLocating] = useState(false);
  const [located, setLocated] = useState<string | null>(null);
  const [about, setAbout] = useState(profile.about ?? "");

  useEffect(() => {
    if (id === "basics") {
      void loadRegions(props.locale).then(setRegions);
      void getGeoPermission().then(setPermission);
    }
    if (id === "relationship") void loadInterests(props.locale).then(setInterests);
  }, [id, props.locale]);

  async function locate() {
    setLocating(true);
    setLocated(null);
    try {
      const answer = await locateMember();
      if (!answer.supported || !answer.country) {
        setLocated(t("wizard.locate.outside"));
      } else {
        setCountry(answer.country);
        setRegion(answer.region ?? "");
        const countryName = props.countries.find((c) => c.code === answer.country)?.name ?? "";
        setLocated(
          t("wizard.locate.found", {
            place: [answer.region_name, countryName].filter(Boolean).join(", "),
          }),
        );
      }
    } catch (caught) {
      const denied =
        typeof GeolocationPositionError !== "undefined" &&
        caught instanceof GeolocationPositionError &&
        caught.code === caught.PERMISSION_DENIED;
      if (denied) setPermission("denied");
      setLocated(denied ? t("wizard.locate.denied") : t("wizard.locate.failed"));
    } finally {
      setLocating(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => {
      const raw = data.get(name);
      return typeof raw === "string" && raw !== "" ? raw : null;
    };
    const body: Record<string, unknown> = {};
    if (id === "basics") {
      for (const name of ["gender", "seeking", "birthdate", "country"]) {
        if (shows(name === "birthdate" ? "age" : name) || name === "birthdate") {
          const given = value(name);
          if (given) body[name] = given;
        }
      }
      if (shows("region")) body.region = value("region");
    } else if (id === "appearance") {
      for (const name of ["hair_color", "eye_color", "body_type"]) {
        if (shows(name)) body[name] = value(name);
      }
      if (shows("height")) body.height = value("height") ? Number(value("height")) : null;
    } else if (id === "relationship") {
      if (shows("relationship_status")) body.relationship_status = value("relationship_status");
      if (shows("interests")) body.interests = data.getAll("interests");
    } else {
      body.about = about;
    }
    void onSave(body);
  }

  const select = (
    name: string,
    label: string,
    options: readonly string[],
    prefix: string,
    current: string | null,
  ) =>
    shows(name) ? (
      <Field id={`wizard-${name}`} label={label} error={fields[name]}>
        {(control) => (
          <select className="field-input" name={name} defaultValue={current ?? ""} {...control}>
            <option value="">{t("wizard.preferNot")}</option>
            {options.map((option) => (
              <option key={option} value={option}>
                {t(`${prefix}.${option}` as MessageKey)}
              </option>
            ))}
          </select>
        )}
      </Field>
    ) : null;

  const radios = (name: "gender" | "seeking", label: string, options: readonly string[]) =>
    shows(name) ? (
      <fieldset
        className="field"
        aria-describedby={fields[name] ? `wizard-${name}-error` : undefined}
      >
        <legend className="field-label">{label}</legend>
        <div className="choice-row">
          {options.map((option) => (
            <label key={option} className="choice">
              <input
                type="radio"
                name={name}
                value={option}
                defaultChecked={profile[name] === option}
                required
              />
              <span>{t(`profile.${name}.${option}` as MessageKey)}</span>
            </label>
          ))}
        </div>
        {fields[name] ? (
          <p id={`wizard-${name}-error`} className="field-error">
            {fields[name]}
          </p>
        ) : null}
      </fieldset>
    ) : null;

  const countryRegions = regions?.[country] ?? [];
  return (
    <form className="stack" onSubmit={submit}>
      {id === "basics" ? (
        <>
          {radios("gender", t("wizard.gender"), ["female", "male"])}
          {radios("seeking", t("wizard.seeking"), ["male", "female", "both"])}
          <Field id="wizard-birthdate" label={t("wizard.birthdate")} error={fields.birthdate}>
            {(control) => (
              <input
                className="field-input"
                type="date"
                name="birthdate"
                defaultValue={profile.birthdate}
                min={props.minBirthdate}
                max={props.maxBirthdate}
                required
                {...control}
              />
            )}
          </Field>
          <div className="wizard-locate">
            {permission !== "unsupported" ? (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={locate}
                disabled={locating || permission === "denied"}
              >
                {locating ? t("wizard.locating") : t("wizard.locate")}
              </button>
            ) : null}
            <p className="field-hint" role="status">
              {permission === "unsupported"
                ? t("wizard.locate.unsupported")
                : permission === "denied" && !located
                  ? t("wizard.locate.denied")
                  : (located ?? t("wizard.locate.hint"))}
            </p>
          </div>
          {shows("country") ? (
            <Field id="wizard-country" label={t("wizard.country")} error={fields.country}>
              {(control) => (
                <select
                  className="field-input"
                  name="country"
                  value={country}
                  onChange={(event) => {
                    setCountry(event.currentTarget.value);
                    setRegion("");
                  }}
                  required
                  {...control}
                >
                  {props.countries.map((option) => (
                    <option key={option.code} value={option.code}>
                      {option.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          {shows("region") ? (
            <Field id="wizard-region" label={t("wizard.region")} error={fields.region}>
              {(control) => (
                <select
                  className="field-input"
                  name="region"
                  value={region}
                  onChange={(event) => setRegion(event.currentTarget.value)}
                  aria-busy={regions === null}
                  {...control}
                >
                  <option value="">{t("wizard.regionChoose")}</option>
                  {countryRegions.map((option) => (
                    <option key={option.code} value={option.code}>
                      {option.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
        </>
      ) : null}
      {id === "appearance" ? (
        <>
          {select(
            "hair_color",
            t("wizard.hairColor"),
            HAIR_COLORS,
            "profile.hair",
            profile.hair_color,
          )}
          {select("eye_color", t("wizard.eyeColor"), EYE_COLORS, "profile.eyes", profile.eye_color)}
          {select("body_type", t("wizard.bodyType"), BODY_TYPES, "profile.body", profile.body_type)}
          {shows("height") ? (
            <Field id="wizard-height" label={t("wizard.height")} error={fields.height}>
              {(control) => (
                <input
                  className="field-input field-narrow"
                  type="number"
                  name="height"
                  inputMode="numeric"
                  min={HEIGHT_RANGE.min}
                  max={HEIGHT_RANGE.max}
                  defaultValue={profile.height ?? ""}
                  {...control}
                />
              )}
            </Field>
          ) : null}
        </>
      ) : null}
      {id === "relationship" ? (
        <>
          {select(
            "relationship_status",
            t("wizard.relationshipStatus"),
            RELATIONSHIP_STATUSES,
            "profile.relationship",
            profile.relationship_status,
          )}
          {shows("interests") ? (
            <fieldset className="field">
              <legend className="field-label">{t("wizard.interests")}</legend>
              <p className="field-hint">{t("wizard.interestsHint", { max: MAX_INTERESTS })}</p>
              <div className="chip-choices" aria-busy={interests === null}>
                {(interests ?? []).map((interest) => (
                  <label key={interest.id} className="chip-choice">
                    <input
                      type="checkbox"
                      name="interests"
                      value={interest.id}
                      defaultChecked={profile.interests.includes(interest.id)}
                    />
                    <span>{interest.name}</span>
                  </label>
                ))}
              </div>
              {fields.interests ? <p className="field-error">{fields.interests}</p> : null}
            </fieldset>
          ) : null}
        </>
      ) : null}
      {id === "about" ? (
        <Field
          id="wizard-about"
          label={t("wizard.about")}
          error={fields.about}
          hint={t("wizard.aboutHint", { max: ABOUT_LENGTH.max })}
        >
          {(control) => (
            <>
              <textarea
                className="field-input"
                name="about"
                rows={7}
                maxLength={ABOUT_LENGTH.max}
                value={about}
                onChange={(event) => setAbout(event.currentTarget.value)}
                {...control}
              />
              <p className="field-hint field-count" aria-live="polite">
                {t("wizard.aboutCount", { count: about.length, max: ABOUT_LENGTH.max })}
              </p>
            </>
          )}
        </Field>
      ) : null}
      <WizardButtons
        t={t}
        busy={busy}
        submitLabel={t("wizard.next")}
        onBack={onBack}
        onSkip={onSkip}
      />
    </form>
  );
}
