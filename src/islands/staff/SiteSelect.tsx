import { Field } from "../ui/TextField";

type Props = {
  id: string;
  label: string;
  /** The sites this deployment serves (sites/registry.ts), by id and brand. */
  sites: readonly { id: string; name: string }[];
  value: string;
  onChange: (site: string) => void;
  error?: string | undefined;
  /** An option for every site at once (value ""), named so: "All sites". */
  anyLabel?: string;
};

/** The console's choice of a site, where a screen works on one site (or all) at a time. */
export default function SiteSelect({ id, label, sites, value, onChange, error, anyLabel }: Props) {
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <select
          {...control}
          className="field-input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {anyLabel ? <option value="">{anyLabel}</option> : null}
          {sites.map((site) => (
            <option key={site.id} value={site.id}>
              {site.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
