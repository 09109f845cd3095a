import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { SwipeCardsAnswer } from "../../contract/likes";
import { PREMIUM_PATH } from "../../contract/premium";
import type { ProfileCard } from "../../contract/profiles";
import { ApiRequestError, api } from "../../lib/api-client";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import { useCardDrag, type Verdict } from "./use-card-drag";

type Props = I18nProps & {
  /** The first cards and the likes left today, from the server (no layout shift). */
  initial: SwipeCardsAnswer;
};

/** Loaded when it may be needed: the buttons need not wait for it to work (issue 29 item 8). */
const PremiumAlert = lazy(() => import("../payments/PremiumAlert"));

/** Fewer cards than this left on the stack: the next ones are fetched. */
const PREFETCH_BELOW = 4;
/** Cards drawn: the one in play and two peeking out behind it. */
const STACK_DEPTH = 3;
/** How long a card's flight off the stack lasts (swipe.css has the same). */
const FLIGHT_MS = 250;

/**
 * issue 13, spec §2 'Swipe game', issue 29 item 8: a stack of photo cards. The card in play
 * follows the finger (or mouse) 1:1, tilts, and stamps LIKE or NOPE as it goes; let go past a
 * third of its width (or flicked) it is liked or passed and flies off, else it springs back. The
 * buttons and the arrow keys (→ like, ← pass) do the same; the last pass can be undone. Free
 * members have SWIPE_LIKES_PER_DAY likes a day: the counter shows what is left and, at none, the
 * Like button says so before a tap (a tap opens the premium alert). The card leaves at once and
 * comes back if the server refuses; the next cards are fetched before the stack runs out.
 */
export default function SwipeGame(props: Props) {
  const t = useTranslate(props);
  const introId = useId();
  const countId = useId();
  const [cards, setCards] = useState<ProfileCard[]>(props.initial.profiles);
  const [likesLeft, setLikesLeft] = useState<number | null>(props.initial.likes_left);
  const [exhausted, setExhausted] = useState(props.initial.profiles.length === 0);
  const [passes, setPasses] = useState(0);
  // Verdicts on their way to the server; undo waits for them.
  const [sending, setSending] = useState(0);
  const [undoing, setUndoing] = useState(false);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [premiumOpen, setPremiumOpen] = useState(false);
  // Until hydrated the buttons say they do not work yet (a tap on the server's HTML is lost).
  // A layout effect: it runs as hydration commits, in the same task. A passive effect waited
  // for a task of its own and then a render of its own, each behind whatever else the phone's
  // slow main thread had queued (issue 29 item 8).
  const [live, setLive] = useState(false);
  useLayoutEffect(() => setLive(true), []);
  // Cards given a verdict: flying off, then dropped. The next card is already in play.
  const [leaving, setLeaving] = useState<ReadonlyMap<number, Verdict>>(new Map());
  const fetching = useRef(false);
  /** The timers that drop a judged card once it has flown off, by card. */
  const flights = useRef(new Map<number, number>());
  useEffect(() => {
    const pending = flights.current;
    return () => {
      for (const timer of pending.values()) window.clearTimeout(timer);
    };
  }, []);
  const top = cards.find((card) => !leaving.has(card.id));
  const outOfLikes = likesLeft === 0;

  // Prefetch: the stack never runs dry while there are members to show.
  useEffect(() => {
    if (exhausted || fetching.current || cards.length - leaving.size >= PREFETCH_BELOW) return;
    fetching.current = true;
    const exclude = cards.map((card) => card.id).join(",");
    api("GET /api/swipe.php", { query: exclude ? { exclude } : {} })
      .then((next) => {
        setLikesLeft(next.likes_left);
        if (next.profiles.length === 0) setExhausted(true);
        setCards((held) => [
          ...held,
          ...next.profiles.filter((card) => !held.some((known) => known.id === card.id)),
        ]);
      })
      .catch(() => {})
      .finally(() => {
        fetching.current = false;
      });
  }, [cards, leaving, exhausted]);

  /** A card's verdict is no longer under way: dropped from the stack, or back on top. */
  function settle(card: ProfileCard, dropped: boolean) {
    if (dropped) setCards((held) => held.filter((known) => known.id !== card.id));
    setLeaving((flying) => {
      const next = new Map(flying);
      next.delete(card.id);
      return next;
    });
  }

  /**
   * Likes or passes a card: it flies off at once and the server is told; if the server refuses,
   * it comes back. A like with none left opens the premium alert instead (false: no verdict).
   */
  function judge(card: ProfileCard, verdict: Verdict): boolean {
    if (leaving.has(card.id)) return false;
    if (verdict === "like" && outOfLikes) {
      setPremiumOpen(true);
      return false;
    }
    setError(null);
    setLeaving((flying) => new Map(flying).set(card.id, verdict));
    setSending((count) => count + 1);
    const started = Date.now();
    api("POST /api/swipe.php", { body: { id: card.id, action: verdict } })
      .then((answer) => {
        if (verdict === "like") {
          setLikesLeft(answer.likes_left);
          setStatus(t("swipe.liked", { name: card.name }));
        } else {
          setPasses((count) => count + 1);
          setStatus(t("swipe.passed", { name: card.name }));
        }
        const flown = Date.now() - started;
        const timer = window.setTimeout(
          () => {
            flights.current.delete(card.id);
            settle(card, true);
          },
          Math.max(0, FLIGHT_MS - flown),
        );
        flights.current.set(card.id, timer);
      })
      .catch((caught) => {
        settle(card, false);
        if (caught instanceof ApiRequestError && caught.code === "swipe_limit") {
          setLikesLeft(0);
          setPremiumOpen(true);
        } else {
          setError(describeApiError(caught, t));
        }
      })
      .finally(() => setSending((count) => count - 1));
    return true;
  }

  async function undo() {
    if (undoing || sending > 0 || passes === 0) return;
    setUndoing(true);
    setError(null);
    try {
      const answer = await api("POST /api/swipe-undo.php");
      setPasses((count) => count - 1);
      const back = answer.profile;
      if (back) {
        // Undone before its flight ended, the card is not dropped when the flight would have.
        window.clearTimeout(flights.current.get(back.id));
        flights.current.delete(back.id);
        setLeaving((flying) => {
          if (!flying.has(back.id)) return flying;
          const next = new Map(flying);
          next.delete(back.id);
          return next;
        });
        setCards((held) => [back, ...held.filter((card) => card.id !== back.id)]);
        setExhausted(false);
        setStatus(t("swipe.undone", { name: back.name }));
      }
    } catch (caught) {
      setError(describeApiError(caught, t));
    } finally {
      setUndoing(false);
    }
  }

  const { startDrag, moveDrag, endDrag } = useCardDrag(judge);

  // The arrow keys play anywhere on the page, except in a field or while a dialog is open.
  const keys = useRef<(event: KeyboardEvent) => void>(() => {});
  keys.current = (event: KeyboardEvent) => {
    if (!top || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const target = event.target as HTMLElement | null;
    if (target?.closest("input, textarea, select, [contenteditable], dialog")) return;
    if (document.querySelector("dialog[open]")) return;
    event.preventDefault();
    judge(top, event.key === "ArrowRight" ? "like" : "pass");
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keys.current(event);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);

  // The cards drawn: those flying off, the one in play and a few behind it.
  const waiting = cards.filter((card) => !leaving.has(card.id)).slice(0, STACK_DEPTH);
  const drawn = cards.filter((card) => leaving.has(card.id) || waiting.includes(card));

  return (
    <section className={live ? "swipe is-live" : "swipe"} aria-describedby={introId}>
      <p id={countId} className={outOfLikes ? "swipe-count is-out" : "swipe-count"}>
        <span aria-live="polite">
          {likesLeft === null ? t("swipe.unlimited") : t("swipe.likesLeft", { count: likesLeft })}
        </span>
        {outOfLikes ? <a href={PREMIUM_PATH}>{t("swipe.unlimited")}</a> : null}
      </p>
      {top ? (
        <div className="swipe-stage">
          {drawn.map((card) => {
            const verdict = leaving.get(card.id);
            const depth = waiting.indexOf(card);
            const inPlay = card === top;
            return (
              <div
                key={card.id}
                className={verdict ? `swipe-slide is-leaving-${verdict}` : "swipe-slide"}
                data-depth={verdict ? undefined : depth}
                aria-hidden={inPlay ? undefined : true}
                onPointerDown={inPlay ? (event) => startDrag(event, card) : undefined}
                onPointerMove={inPlay ? moveDrag : undefined}
                onPointerUp={(event) => endDrag(event, false)}
                onPointerCancel={(event) => endDrag(event, true)}
              >
                <article className="swipe-card" aria-label={`${card.name}, ${card.age}`}>
                  {card.main_image ? (
                    <img
                      src={card.main_image.match}
                      width={card.main_image.width}
                      height={card.main_image.height}
                      alt=""
                      draggable={false}
                      loading={depth > 1 ? "lazy" : "eager"}
                      fetchPriority={depth === 0 ? "high" : undefined}
                    />
                  ) : null}
                  <div className="swipe-card-info">
                    <h2>
                      {card.name}, {card.age}
                    </h2>
                    {card.region_name ? <p>{card.region_name}</p> : null}
                    <a
                      href={`/members/${card.id}`}
                      className="swipe-card-link"
                      tabIndex={inPlay ? undefined : -1}
                    >
                      {t("swipe.viewProfile")}
                    </a>
                  </div>
                </article>
                {/* Decoration: the verdict is announced in the status below. */}
                <span className="swipe-stamp swipe-stamp-like" aria-hidden="true">
                  {t("swipe.stampLike")}
                </span>
                <span className="swipe-stamp swipe-stamp-nope" aria-hidden="true">
                  {t("swipe.stampNope")}
                </span>
              </div>
            );
          })}
        </div>
      ) : (
        <div className="swipe-stage swipe-empty">
          <p>{exhausted ? t("swipe.empty") : t("swipe.loading")}</p>
          {exhausted ? (
            <a className="btn btn-primary" href="/members">
              {t("swipe.emptyCta")}
            </a>
          ) : null}
        </div>
      )}
      <div className="swipe-actions">
        <button
          type="button"
          className="btn btn-secondary swipe-pass"
          disabled={!top}
          aria-disabled={!live || undefined}
          onClick={() => top && judge(top, "pass")}
        >
          <span aria-hidden="true">✕</span> {t("swipe.pass")}
        </button>
        <button
          type="button"
          className="btn btn-ghost swipe-undo"
          disabled={passes === 0}
          aria-disabled={undoing || sending > 0 || undefined}
          title={t("swipe.undo")}
          onClick={() => void undo()}
        >
          <span aria-hidden="true">↶</span>
          <span className="visually-hidden">{t("swipe.undo")}</span>
        </button>
        <button
          type="button"
          className={
            outOfLikes ? "btn btn-primary swipe-like is-out" : "btn btn-primary swipe-like"
          }
          disabled={!top}
          // Out of likes it still answers a tap, with the premium alert saying why.
          aria-disabled={!live || outOfLikes || undefined}
          aria-describedby={countId}
          onClick={() => top && judge(top, "like")}
        >
          <span aria-hidden="true">♥</span> {t("swipe.like")}
        </button>
      </div>
      <p id={introId} className="swipe-intro">
        {t("swipe.intro")}
      </p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {live && (premiumOpen || outOfLikes) ? (
        <Suspense fallback={null}>
          <PremiumAlert
            locale={props.locale}
            messages={props.messages}
            open={premiumOpen}
            feature="swipe"
            onClose={() => setPremiumOpen(false)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
