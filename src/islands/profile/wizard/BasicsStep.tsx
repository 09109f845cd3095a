import { useEffect, useState } from "react";
import type { MessageKey } from "../../../i18n/catalogues";
import type { Locale } from "../../../i18n/locales";
import { type GeoPermission, getGeoPermission, locateMember } from "../../../lib/geolocation";
import { loadRegions, type Region } from "../../../stores/catalogues";
import DateOfBirthField from "../../ui/DateOfBirthField";
import { Field } from "../../ui/TextField";
import { useApiForm } from "../../ui/use-api-form";
import StepForm from "./StepForm";
import type { StepProps } from "./wizard-steps";

type Props = StepProps & {
  locale: Locale;
  /** The site's countries with their names in the member's language. */
  countries: readonly { code: string; name: string }[];
  /** Earliest and latest dates of birth (ISO) the site accepts. */
  minBirthdate: string;
  maxBirthdate: string;
};

/**
 * Step 0: who the member is and looks for, date of birth, country and region; country and
 * region can come from the browser's position (rounded, only the answer is kept).
 */
export default function BasicsStep(props: Props) {
  const { t, profile, shows, locale, countries } = props;
  const form = useApiForm(t);
  const { fields } = form;
  const [country, setCountry] = useState(profile.country);
  const [region, setRegion] = useState(profile.region ?? "");
  const [regions, setRegions] = useState<Record<string, Region[]> | null>(null);
  const [permission, setPermission] = useState<GeoPermission>("unknown");
  const [locating, setLocating] = useState(false);
  const [located, setLocated] = useState<string | null>(null);

  useEffect(() => {
    void loadRegions(locale).then(setRegions);
    void getGeoPermission().then(setPermission);
  }, [locale]);

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
        const countryName = countries.find((c) => c.code === answer.country)?.name ?? "";
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

  function collect(data: FormData) {
    const value = (name: string) => {
      const given = data.get(name);
      return typeof given === "string" && given !== "" ? given : null;
    };
    const answers: Record<string, unknown> = {};
    // The date of birth is always asked (spec §5 minimum age); the rest when the site shows it.
    for (const name of ["gender", "seeking", "birthdate", "country"]) {
      const given = value(name);
      if (given && (name === "birthdate" || shows(name))) answers[name] = given;
    }
    if (shows("region")) answers.region = value("region");
    return answers;
  }

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
                aria-invalid={fields[name] ? true : undefined}
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
    <StepForm {...props} form={form} collect={collect}>
      {radios("gender", t("wizard.gender"), ["female", "male"])}
      {radios("seeking", t("wizard.seeking"), ["male", "female", "both"])}
      <DateOfBirthField
        id="wizard-birthdate"
        name="birthdate"
        legend={t("wizard.birthdate")}
        locale={locale}
        t={t}
        defaultValue={profile.birthdate}
        min={props.minBirthdate}
        max={props.maxBirthdate}
        error={fields.birthdate}
      />
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
              {countries.map((option) => (
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
    </StepForm>
  );
}
