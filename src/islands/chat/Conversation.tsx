import { useEffect, useRef, useState } from "react";
import type { ConversationAnswer } from "../../contract/chat";
import type { PremiumFeature } from "../../contract/premium";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import { refreshChats } from "../../stores/chats";
import { showToast } from "../../stores/toasts";
import PremiumAlert from "../payments/PremiumAlert";
import { describeApiError } from "../ui/use-api-form";
import type { I18nProps } from "../ui/use-translate";
import Composer from "./Composer";
import ConversationDialogs from "./ConversationDialogs";
import ConversationHeader, { type ConfirmStep } from "./ConversationHeader";
import { type ChatStore, updateDraft } from "./chat-store";
import { type ChatError, nameOf } from "./chat-text";
import FictionalNotice from "./FictionalNotice";
import IcebreakerDialog from "./IcebreakerDialog";
import MessageList from "./MessageList";
import ProfilePanel from "./ProfilePanel";

type Props = {
  conversation: ConversationAnswer;
  store: ChatStore;
  t: Translate;
  locale: I18nProps["locale"];
  /** The zone its times are written in (issue 29 item 17). */
  timeZone: string;
  /** The island's catalogue, for the premium alert. */
  messages: I18nProps["messages"];
  credits: number;
  isPremium: boolean;
  typing: boolean;
  priceFrom: string | null;
  fictionalIcon: string;
  onBack: () => void;
  onRemove: () => void;
};

/**
 * spec §2 in-chat screen: the top bar, the log and the footer, and the dialogs they open. The
 * island renders one per conversation (keyed), so what it holds starts afresh with each.
 */
export default function Conversation(props: Props) {
  const { conversation, store, t } = props;
  const { profile, terms } = conversation;
  const id = conversation.conversation;
  const name = nameOf(profile, t);
  const [error, setError] = useState<ChatError | null>(null);
  // The premium alert, for the premium-only step the member just tried (issue 13).
  const [premium, setPremium] = useState<{ feature: PremiumFeature; open: boolean } | null>(null);
  const [confirm, setConfirm] = useState<ConfirmStep | null>(null);
  // spec §2: the first message starts from the icebreaker modal's suggestions.
  const [icebreaker, setIcebreaker] = useState(
    conversation.messages.length === 0 && !conversation.older_cursor && terms.can_write,
  );
  const textRef = useRef<HTMLTextAreaElement>(null);

  // The icebreaker opened by itself: however it closes, the member writes next, so focus goes
  // to the message field once the dialog has handed it back (issue 29 item 16). The dialog
  // gives focus back in its own effect, which runs before this one (a child's effects run
  // first), whenever the runtime schedules effects.
  const focusTextNext = useRef(false);
  function closeIcebreaker() {
    focusTextNext.current = true;
    setIcebreaker(false);
  }
  useEffect(() => {
    if (icebreaker || !focusTextNext.current) return;
    focusTextNext.current = false;
    textRef.current?.focus();
  }, [icebreaker]);

  async function block() {
    if (!profile) return;
    try {
      await api("POST /api/block.php", { body: { id: profile.id } });
      setConfirm(null);
      // Ended with a confirmation, as on the profile (issue 29 item 9).
      showToast(t("profile.blocked", { name }), "success");
      await refreshChats().catch(() => {});
      props.onBack();
    } catch (caught) {
      setConfirm(null);
      setError({ text: describeApiError(caught, t), code: null });
    }
  }

  return (
    <>
      <section className="chat-conversation" aria-label={t("chat.conversationWith", { name })}>
        <ConversationHeader
          profile={profile}
          name={name}
          t={t}
          credits={props.credits}
          typing={props.typing}
          onBack={props.onBack}
          onConfirm={setConfirm}
        />
        {profile?.fictional ? <FictionalNotice t={t} icon={props.fictionalIcon} /> : null}
        <MessageList
          conversation={conversation}
          store={store}
          name={name}
          t={t}
          locale={props.locale}
          timeZone={props.timeZone}
          onError={(text, code) => {
            setError({ text, code });
            if (code === "premium_required") setPremium({ feature: "chat_images", open: true });
          }}
        />
        <footer className="chat-footer">
          {!terms.can_write && terms.blocked_reason ? (
            <p className="alert alert-warning">
              {t(`chat.blocked.${terms.blocked_reason}`, { name })}
            </p>
          ) : (
            <Composer
              conversation={id}
              terms={terms}
              name={name}
              store={store}
              t={t}
              isPremium={props.isPremium}
              textRef={textRef}
              error={error}
              onError={setError}
              onPremiumRequired={() => setPremium({ feature: "conversations", open: true })}
              onGoPremium={() =>
                setPremium((shown) => ({ feature: shown?.feature ?? "conversations", open: true }))
              }
            />
          )}
        </footer>

        <ConversationDialogs
          confirm={confirm}
          onClose={() => setConfirm(null)}
          profile={profile}
          name={name}
          conversation={id}
          t={t}
          onRemove={props.onRemove}
          onBlock={block}
          onReported={async () => {
            setConfirm(null);
            showToast(t("report.done", { name }), "success");
            await refreshChats().catch(() => {});
            props.onBack();
          }}
        />
        <IcebreakerDialog
          open={icebreaker}
          onClose={closeIcebreaker}
          name={name}
          terms={terms}
          priceFrom={props.priceFrom}
          fictionalIcon={profile?.fictional ? props.fictionalIcon : null}
          t={t}
          onChoose={(text) => {
            updateDraft(store, id, { text });
            closeIcebreaker();
          }}
          onOwn={closeIcebreaker}
        />
        {premium ? (
          <PremiumAlert
            locale={props.locale}
            messages={props.messages}
            open={premium.open}
            feature={premium.feature}
            onClose={() => setPremium({ ...premium, open: false })}
          />
        ) : null}
      </section>
      {profile ? (
        <ProfilePanel
          profileId={profile.id}
          name={name}
          t={t}
          locale={props.locale}
          onConfirm={setConfirm}
        />
      ) : null}
    </>
  );
}
