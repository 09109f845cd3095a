import { useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { ProfileCard } from "../contract/profiles";
import type { MemberSearchPage } from "../contract/search";
import { apiFetch } from "../lib/api-client";
import MemberCard from "./MemberCard";
import { describeApiError } from "./use-api-form";
import { type I18nProps, useTranslate } from "./use-translate";

type Props = I18nProps & {
  initial: MemberSearchPage;
  /** The active filters, sent again with each further page. */
  query: Record<string, string | number | undefined>;
};

/**
 * spec §4: search results are appended page by page. The first page arrives server-rendered;
 * further pages come from GET /api/search.php with the keyset cursor.
 */
export default function MemberResults(props: Props) {
  const t = useTranslate(props);
  const [cards, setCards] = useState<ProfileCard[]>(props.initial.profiles);
  const [cursor, setCursor] = useState(props.initial.next_cursor);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const countries = useMemo(
    () => new Intl.DisplayNames([props.locale], { type: "region" }),
    [props.locale],
  );
  const total = props.initial.total ?? cards.length;

  async function loadMore() {
    if (!cursor) return;
    setBusy(true);
    setError(null);
    try {
      const page = await apiFetch<MemberSearchPage>("/api/search.php", {
        query: { ...props.query, cursor },
      });
      const firstNew = cards.length;
      // Render the new cards now, then move focus to the first of them, so keyboard and
      // screen-reader users continue there (nothing can interleave between the two steps).
      flushSync(() => {
        setCards((previous) => [...previous, ...page.profiles]);
        setCursor(page.next_cursor);
      });
      listRef.current?.querySelectorAll<HTMLAnchorElement>(".member-card-link")[firstNew]?.focus();
    } catch (caught) {
      setError(describeApiError(caught, t));
    } finally {
      setBusy(false);
    }
  }

  const similar = props.initial.similar;
  const similarSection =
    similar.length > 0 ? (
      <section className="stack similar-results" aria-labelledby="similar-results-title">
        <h2 id="similar-results-title">{t("members.similar.title")}</h2>
        <p className="similar-results-text">{t("members.similar.text")}</p>
        <ol className="card-grid">
          {similar.map((card) => (
            <li key={card.id} className="similar-result">
              <span className="similar-tag">{t("members.similar.tag")}</span>
              <MemberCard
                card={card}
                t={t}
                countryName={countries.of(card.country.toUpperCase()) ?? card.country}
              />
            </li>
          ))}
        </ol>
      </section>
    ) : null;

  if (cards.length === 0) {
    return (
      <div className="stack">
        <p className="empty-state">{t("members.noResults")}</p>
        {similarSection}
      </div>
    );
  }

  return (
    <div className="stack">
      <p className="results-count" role="status">
        {props.initial.total_capped
          ? t("members.resultsMore", { count: total })
          : t("members.results", { count: total })}
      </p>
      <ol ref={listRef} className="card-grid search-results" aria-busy={busy}>
        {cards.map((card, index) => (
          <li key={card.id}>
            <MemberCard
              card={card}
              t={t}
              countryName={countries.of(card.country.toUpperCase()) ?? card.country}
              eager={index < 4}
              prefetch={index < 4}
            />
          </li>
        ))}
      </ol>
      {error ? (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      ) : null}
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
      {similarSection}
    </div>
  );
}
