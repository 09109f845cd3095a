import type { SafetyRulesAnswer } from "../../contract/staff-safety";
import type { Translate } from "../../i18n/translate";
import ColumnHeads from "./ColumnHeads";
import type { StaffFormat } from "./format";

type Props = { t: Translate; format: StaffFormat; rules: SafetyRulesAnswer["rules"] | null };

/**
 * issue 27 item 6: each safety rule with its hits and the false positives moderators marked,
 * and their share: a rule that is mostly wrong wants rewriting.
 */
export default function SafetyRules({ t, format, rules }: Props) {
  const percent = new Intl.NumberFormat(format.locale, { style: "percent" });
  return (
    <section className="staff-section" aria-labelledby="safety-rules">
      <h2 id="safety-rules">{t("staff.console.safety.rulesTitle")}</h2>
      {rules === null ? null : (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <ColumnHeads
              labels={[
                t("staff.console.safety.col.rule"),
                t("staff.console.safety.col.hits"),
                t("staff.console.safety.col.falsePositives"),
                t("staff.console.safety.col.share"),
              ]}
              numeric={[1, 2, 3]}
            />
            <tbody>
              {rules.map((rule) => (
                <tr key={rule.id} data-rule={rule.id}>
                  <th scope="row">{t(`staff.safety.rule.${rule.id}`)}</th>
                  <td className="num">{format.number(rule.hits)}</td>
                  <td className="num">{format.number(rule.false_positives)}</td>
                  <td className="num">
                    {rule.hits === 0 ? "–" : percent.format(rule.false_positives / rule.hits)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
