import type { ReactNode, Ref } from "react";
import type { MessageKey } from "../../i18n/catalogues";
import type { Translate } from "../../i18n/translate";
import OutcomeStatus from "./OutcomeStatus";
import type { useKeysetList } from "./use-keyset-list";

type QueueTexts = { loading: string; empty: string; more: string; loadingMore?: string };

/** The catalogue sections with a queue's `<section>.loading` and `<section>.more`. */
type SectionOf<Key> = Key extends `${infer Section}.loading`
  ? `${Section}.more` extends MessageKey
    ? Section
    : never
  : never;
type QueueSection = SectionOf<MessageKey>;

/** A queue's texts from its catalogue section, and what it says when it is empty. */
export function queueTexts(t: Translate, section: QueueSection, empty: MessageKey): QueueTexts {
  const key = (name: string) => `${section}.${name}` as MessageKey;
  return { loading: t(key("loading")), empty: t(empty), more: t(key("more")) };
}

type Props<T extends { id: number }> = {
  /** The queue (useKeysetList). */
  list: Pick<ReturnType<typeof useKeysetList<T>>, "items" | "next" | "loading" | "error" | "load">;
  /** What the last decision did, announced; focus goes to `statusRef` once the card is gone. */
  status: string | null;
  statusRef: Ref<HTMLDivElement>;
  texts: QueueTexts;
  /** The class of the list (a grid of photos, a column of cases). */
  className: string;
  /** An item as a list item (`<li>`). */
  children: (item: T) => ReactNode;
};

/**
 * design §13: a console queue on screen: the outcome of the last decision or the error, then
 * the items (or that it is loading, or empty), and "Load more" while the API has a next page.
 */
export default function KeysetQueue<T extends { id: number }>(props: Props<T>) {
  const { list, texts } = props;
  const { items, next, loading, error } = list;
  return (
    <>
      <OutcomeStatus statusRef={props.statusRef} error={error} status={props.status} />
      {items === null ? (
        error ? null : (
          <p className="muted" role="status">
            {texts.loading}
          </p>
        )
      ) : items.length === 0 ? (
        <p className="muted">{texts.empty}</p>
      ) : (
        <ul className={props.className} aria-busy={loading || undefined}>
          {items.map((item) => props.children(item))}
        </ul>
      )}
      {next ? (
        <div>
          <button
            type="button"
            className="btn btn-outline"
            disabled={loading}
            onClick={() => void list.load(next)}
          >
            {loading && texts.loadingMore ? texts.loadingMore : texts.more}
          </button>
        </div>
      ) : null}
    </>
  );
}
