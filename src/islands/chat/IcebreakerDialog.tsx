import type { ChatTerms } from "../../contract/chat";
import type { MessageKey } from "../../i18n/catalogues";
import type { Translate } from "../../i18n/translate";
import Modal from "../ui/Modal";
import FictionalNotice from "./FictionalNotice";

const ICEBREAKERS = [1, 2, 3, 4, 5, 6].map((n) => `chat.icebreaker.line${n}` as MessageKey);

type Props = {
  open: boolean;
  onClose: () => void;
  name: string;
  terms: ChatTerms;
  /** What a message costs at least in the member's country, formatted ("€0.29"), if known. */
  priceFrom: string | null;
  /** The other side is a fictional profile: the site's glyph for its warning, shown first. */
  fictionalIcon: string | null;
  t: Translate;
  /** A suggestion was picked: its text, with the other member's name in it. */
  onChoose: (text: string) => void;
  /** "Write my own". */
  onOwn: () => void;
};

/** spec §2: the first message starts from suggestions, with what a message costs. */
export default function IcebreakerDialog(props: Props) {
  const { name, terms, t } = props;
  return (
    <Modal
      open={props.open}
      title={t("chat.icebreaker.title", { name })}
      onClose={props.onClose}
      closeLabel={t("common.close")}
      footer={
        <button type="button" className="btn btn-secondary" onClick={props.onOwn}>
          {t("chat.icebreaker.own")}
        </button>
      }
    >
      {props.fictionalIcon ? <FictionalNotice t={t} icon={props.fictionalIcon} /> : null}
      <p>{t("chat.icebreaker.intro")}</p>
      <ul className="icebreakers">
        {ICEBREAKERS.map((key) => (
          <li key={key}>
            <button
              type="button"
              className="icebreaker"
              onClick={() => props.onChoose(t(key, { name }))}
            >
              {t(key, { name })}
            </button>
          </li>
        ))}
      </ul>
      <p className="chat-terms">
        {terms.free
          ? t("chat.free")
          : props.priceFrom
            ? t("chat.icebreaker.price", { count: terms.message_credits, price: props.priceFrom })
            : t("chat.cost", { count: terms.message_credits })}
      </p>
    </Modal>
  );
}
