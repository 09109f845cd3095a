import { useEffect, useRef, useState } from "react";
import type { FlagVerdict } from "../../contract/staff-options";
import type { MessageFlagView, SafetyRulesAnswer } from "../../contract/staff-safety";
import { api } from "../../lib/api-client";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import FlagCard from "./FlagCard";
import { staffFormat } from "./format";
import KeysetQueue, { queueTexts } from "./KeysetQueue";
import SafetyRules from "./SafetyRules";
import { useKeysetList } from "./use-keyset-list";

type Props = I18nProps & {
  /** The role may give a verdict (flags.resolve); else the queue is read only. */
  canResolve: boolean;
};

/** The catalogue keys this island needs (its page picks them; its test too). */
export const SAFETY_QUEUE_MESSAGES = [
  "staff.console.safety.",
  "staff.safety.rule.",
  "staff.console.action.working",
  "staff.console.action.reason",
  "error.",
  "validation.",
];

/**
 * issue 27 item 6: the messages the safety rules flagged, newest first (GET /api/staff/flags,
 * an audited read), each with its verdict; and the rules' counters, read again after a false
 * positive is marked.
 */
export default function SafetyQueue(props: Props) {
  const t = useTranslate(props);
  const format = staffFormat(props.locale);
  const list = useKeysetList<MessageFlagView>(t, async (cursor) => {
    const page = await api("GET /api/staff/flags", { query: { cursor: cursor ?? undefined } });
    return { items: page.flags, next: page.next_cursor };
  });
  const { setError } = list;
  const [rules, setRules] = useState<SafetyRulesAnswer["rules"] | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  async function loadRules() {
    try {
      setRules((await api("GET /api/staff/safety/rules")).rules);
    } catch (caught) {
      setError(describeApiError(caught, t));
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    void list.load(null);
    void loadRules();
  }, []);

  function resolved(flag: MessageFlagView, verdict: FlagVerdict) {
    list.remove(flag.id);
    setError(null);
    setStatus(t(`staff.console.safety.resolved.${verdict}`, { id: flag.id }));
    // The form that had focus is gone with the flag: the outcome is heard here.
    requestAnimationFrame(() => statusRef.current?.focus());
    void loadRules();
  }

  return (
    <div className="stack">
      <p className="muted">{t("staff.console.safety.lead")}</p>
      {props.canResolve ? null : <p className="muted">{t("staff.console.safety.readOnly")}</p>}
      <div className="staff-columns staff-columns-rules">
        <div className="stack">
          <KeysetQueue
            list={list}
            status={status}
            statusRef={statusRef}
            texts={queueTexts(t, "staff.console.safety", "staff.console.safety.empty")}
            className="staff-flags"
          >
            {(flag) => (
              <FlagCard
                key={flag.id}
                t={t}
                format={format}
                flag={flag}
                canResolve={props.canResolve}
                onResolved={(verdict) => resolved(flag, verdict)}
              />
            )}
          </KeysetQueue>
        </div>
        <SafetyRules t={t} format={format} rules={rules} />
      </div>
    </div>
  );
}
