import type { ConversationAnswer } from "../../contract/chat";
import type { Translate } from "../../i18n/translate";
import ReportDialog from "../profile/ReportDialog";
import Modal, { ModalActions } from "../ui/Modal";
import type { ConfirmStep } from "./ConversationHeader";

type Props = {
  /** The options menu's step waiting for its confirmation, if any. */
  confirm: ConfirmStep | null;
  onClose: () => void;
  profile: ConversationAnswer["profile"];
  name: string;
  conversation: number;
  t: Translate;
  onRemove: () => void;
  onBlock: () => void;
  /** The report was stored: the conversation is gone for the reporter. */
  onReported: () => Promise<void>;
};

/** spec §2 options menu: deleting, blocking and reporting, each confirmed in a dialog. */
export default function ConversationDialogs(props: Props) {
  const { confirm, profile, name, t } = props;
  return (
    <>
      <Modal
        open={confirm === "remove"}
        title={t("chat.remove")}
        onClose={props.onClose}
        closeLabel={t("common.close")}
        footer={
          <ModalActions cancelLabel={t("common.cancel")} onCancel={props.onClose}>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                props.onClose();
                props.onRemove();
              }}
            >
              {t("chat.remove")}
            </button>
          </ModalActions>
        }
      >
        <p>{t("chats.removeConfirm", { name })}</p>
      </Modal>
      <Modal
        open={confirm === "block"}
        title={t("profile.blockTitle", { name })}
        onClose={props.onClose}
        closeLabel={t("common.close")}
        footer={
          <ModalActions cancelLabel={t("common.cancel")} onCancel={props.onClose}>
            <button type="button" className="btn btn-danger" onClick={props.onBlock}>
              {t("chat.block")}
            </button>
          </ModalActions>
        }
      >
        <p>{t("profile.blockText", { name })}</p>
      </Modal>
      {profile ? (
        <ReportDialog
          open={confirm === "report"}
          onClose={props.onClose}
          t={t}
          profileId={profile.id}
          name={name}
          conversation={props.conversation}
          onReported={props.onReported}
        />
      ) : null}
    </>
  );
}
