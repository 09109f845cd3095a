import { useEffect, useState } from "react";
import { createPortal, flushSync } from "react-dom";
import type { ProfileCard } from "../../contract/profiles";
import { countryName } from "../../i18n/countries";
import { api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import MemberCard from "./MemberCard";

type Props = I18nProps & {
  /** The server-rendered list of the first page (MemberCardGrid), which further pages join. */
  listId: string;
  /** The keyset cursor of the next page, or null when the first page is all there is. */
  cursor: string | null;
  /** The active filters, sent again with each further page. */
  query: Record<string, string | number | undefined>;
};

/**
 * spec §4: search results are appended page by page. The first page is static HTML in the
 * page (no island props: issue 11); further pages come from GET /api/search.php with the keyset
 * cursor and are rendered into the same list, so it stays one list for assistive technology.
 */
export default function MoreMembers(props: Props) {
  const t = useTranslate(props);
  const [cards, setCards] = useState<ProfileCard[]>([]);
  const [cursor, setCursor] = useState(props.cursor);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The list exists only in the browser's document: nothing is rendered into it on the server.
  const [list, setList] = useState<HTMLElement | null>(null);

  useEffect(() => setList(document.getElementById(props.listId)), [props.listId]);
  useEffect(() => {
    list?.setAttribute("aria-busy", String(busy));
  }, [list, busy]);

  async function loadMore() {
    if (!cursor || !list) return;
    setBusy(true);
    setError(null);
    try {
      const page = await api("GET /api/search.php", {
        query: { ...props.query, cursor },
      });
      const firstNew = list.querySelectorAll(".member-card-link").length;
      // Render the new cards now, then move focus to the first of them, so keyboard and
      // screen-reader users continue there (nothing can interleave between the two steps).
      flushSync(() => {
        setCards((previous) => [...previous, ...page.profiles]);
        setCursor(page.next_cursor);
      });
      list.querySelectorAll<HTMLAnchorElement>(".member-card-link")[firstNew]?.focus();
    } catch (caught) {
      setError(describeApiError(caught, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {list
        ? createPortal(
            cards.map((card) => (
              <li key={card.id}>
                <MemberCard
                  card={card}
                  t={t}
                  countryName={countryName(props.locale, card.country)}
                  headingLevel={2}
                />
              </li>
            )),
            list,
          )
        : null}
      <ErrorAlert message={error} />
      {cursor ? (
        <div className="load-more">
          {/* aria-disabled, not disabled: a disabled button drops keyboard focus to the page,
              which would race with moving focus to the first new card. */}
          <button
            type="button"
            className="btn btn-secondary"
            onClick={busy ? undefined : loadMore}
            aria-disabled={busy}
          >
            {busy ? t("members.loadingMore") : t("members.loadMore")}
          </button>
        </div>
      ) : (
        <p className="results-end">{t("members.end")}</p>
      )}
    </>
  );
}
