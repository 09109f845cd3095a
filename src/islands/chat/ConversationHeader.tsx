import type { ConversationAnswer } from "../../contract/chat";
import type { Translate } from "../../i18n/translate";
import { creditBadgeVariant } from "../../stores/counts";
import DropdownMenu from "../ui/DropdownMenu";
import Avatar from "./Avatar";

export type ConfirmStep = "remove" | "block" | "report";

type Props = {
  profile: ConversationAnswer["profile"];
  name: string;
  t: Translate;
  credits: number;
  typing: boolean;
  onBack: () => void;
  onConfirm: (step: ConfirmStep) => void;
};

/**
 * spec §2 in-chat top bar: back to the list, the other member (with the typing indicator, a
 * status region), the credit badge and the options menu.
 */
export default function ConversationHeader(props: Props) {
  const { profile, name, t } = props;
  const creditVariant = creditBadgeVariant(props.credits);
  return (
    <header className="chat-topbar">
      <a
        href="/chats"
        className="btn btn-ghost btn-icon chat-back"
        onClick={(event) => {
          event.preventDefault();
          props.onBack();
        }}
      >
        <span aria-hidden="true">‹</span>
        <span className="visually-hidden">{t("chat.back")}</span>
      </a>
      {profile ? (
        <a className="chat-partner" href={`/members/${profile.id}`}>
          <Avatar profile={profile} size={40} />
          <span className="chat-partner-text">
            <span className="chat-partner-name">{name}</span>
            <span className="chat-typing" role="status">
              {props.typing ? t("chat.typing", { name }) : ""}
            </span>
          </span>
        </a>
      ) : (
        <span className="chat-partner">
          <Avatar profile={null} size={40} />
          <span className="chat-partner-name">{name}</span>
        </span>
      )}
      <a
        href="/credits"
        className={`badge chat-credits${creditVariant ? ` badge-${creditVariant}` : " badge-muted"}`}
      >
        {t("chat.credits", { count: props.credits })}
      </a>
      <DropdownMenu
        buttonClassName="btn btn-ghost btn-icon"
        menuClassName="dropdown-menu chat-menu"
        label={
          <>
            <span aria-hidden="true">⋮</span>
            <span className="visually-hidden">{t("chat.menu")}</span>
          </>
        }
      >
        {profile ? (
          <li>
            <a href={`/members/${profile.id}`}>{t("chat.viewProfile")}</a>
          </li>
        ) : null}
        {profile ? (
          <li>
            <button type="button" onClick={() => props.onConfirm("block")}>
              {t("chat.block")}
            </button>
          </li>
        ) : null}
        {profile ? (
          <li>
            <button type="button" onClick={() => props.onConfirm("report")}>
              {t("chat.report")}
            </button>
          </li>
        ) : null}
        <li>
          <button type="button" onClick={() => props.onConfirm("remove")}>
            {t("chat.remove")}
          </button>
        </li>
      </DropdownMenu>
    </header>
  );
}
