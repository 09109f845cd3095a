import { type SafetyRuleId, safetyRuleIds, scanMessage } from "./message-rules";

/**
 * The rules a message's text trips, once each, in the order of `safetyRuleIds`; none for a
 * message without text (gifts, images). Pure: call it before the send's transaction.
 */
export function rulesHitBy(text: string | null | undefined): SafetyRuleId[] {
  if (!text) return [];
  const hit = new Set(scanMessage(text).map((found) => found.rule));
  return safetyRuleIds.filter((id) => hit.has(id));
}
