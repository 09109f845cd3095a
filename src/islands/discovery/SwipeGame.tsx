import { useEffect, useId, useRef, useState } from "react";
import type { Swiper as SwiperInstance } from "swiper";
import { A11y, EffectCards } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import type { SwipeCardsAnswer } from "../../contract/likes";
import type { ProfileCard } from "../../contract/profiles";
import { ApiRequestError, api } from "../../lib/api-client";
import PremiumAlert from "../payments/PremiumAlert";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import "swiper/css";
import "swiper/css/effect-cards";

type Props = I18nProps & {
  /** The first cards and the likes left today, from the server (no layout shift). */
  initial: SwipeCardsAnswer;
};

/** Fewer cards than this left on the stack: the next ones are fetched. */
const PREFETCH_BELOW = 4;

/** How far (px) a card dragged to the right must go to count as a like. */
const LIKE_DRAG_PX = 60;

/**
 * issue 13, spec §2 'Swipe game': photo cards on swiper's cards effect. Drag a card left (or
 * press ←, or the pass button) to pass, right (→, the like button) to like; the last pass can be
 * undone. Free members have SWIPE_LIKES_PER_DAY likes a day (the counter shows what is left,
 * then the premium alert); the next cards are fetched before the stack runs out.
 */
export default function SwipeGame(props: Props) {
  const t = useTranslate(props);
  const introId = useId();
  const [cards, setCards] = useState<ProfileCard[]>(props.initial.profiles);
  const [likesLeft, setLikesLeft] = useState<number | null>(props.initial.likes_left);
  const [exhausted, setExhausted] = useState(props.initial.profiles.length === 0);
  const [passes, setPasses] = useState(0);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [premiumOpen, setPremiumOpen] = useState(false);
  // Cards on their way out (a short flight): the next card is already the one in play.
  const [leaving, setLeaving] = useState<ReadonlyMap<number, "like" | "pass">>(new Map());
  const swiperRef = useRef<SwiperInstance | null>(null);
  const fetching = useRef(false);
  // The drag in progress: the card it took, and whether it passed it already.
  const drag = useRef<{ card: ProfileCard | undefined; passed: boolean } | null>(null);
  const top = cards.find((card) => !leaving.has(card.id));
  // Swiper's handlers read the stack through this, as it is when they run.
  const topRef = useRef(top);
  topRef.current = top;

  // Prefetch: the stack never runs dry while there are members to show.
  useEffect(() => {
    if (exhausted || fetching.current || cards.length >= PREFETCH_BELOW) return;
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
  }, [cards, exhausted]);

  /** Takes a card off the stack, once its flight has been seen. */
  function drop(card: ProfileCard) {
    setCards((held) => held.filter((known) => known.id !== card.id));
    setLeaving((flying) => {
      const next = new Map(flying);
      next.delete(card.id);
      return next;
    });
    swiperRef.current?.slideTo(0, 0);
  }

  /** Sends a card off the stack to one side, then drops it. */
  function fly(card: ProfileCard, to: "like" | "pass") {
    setLeaving((flying) => new Map(flying).set(card.id, to));
    window.setTimeout(() => drop(card), 250);
  }

  async function like(card: ProfileCard) {
    if (busy) return;
    if (likesLeft === 0) {
      setPremiumOpen(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await api("POST /api/swipe.php", {
        body: { id: card.id, action: "like" },
      });
      setLikesLeft(answer.likes_left);
      setStatus(t("swipe.liked", { name: card.name }));
      fly(card, "like");
    } catch (caught) {
      if (caught instanceof ApiRequestError && caught.code === "swipe_limit") {
        setLikesLeft(0);
        setPremiumOpen(true);
      } else {
        setError(describeApiError(caught, t));
      }
      swiperRef.current?.slideTo(0);
    } finally {
      setBusy(false);
    }
  }

  /** A pass; `flown` when the card already left by a drag, else it flies out first. */
  async function pass(card: ProfileCard, flown = false) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await api("POST /api/swipe.php", { body: { id: card.id, action: "pass" } });
      setPasses((count) => count + 1);
      setStatus(t("swipe.passed", { name: card.name }));
      if (flown) drop(card);
      else fly(card, "pass");
    } catch (caught) {
      setError(describeApiError(caught, t));
      swiperRef.current?.slideTo(0);
    } finally {
      setBusy(false);
    }
  }

  async function undo() {
    if (busy || passes === 0) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await api("POST /api/swipe-undo.php");
      setPasses((count) => count - 1);
      const back = answer.profile;
      if (back) {
        setCards((held) => [back, ...held.filter((card) => card.id !== back.id)]);
        setExhausted(false);
        setStatus(t("swipe.undone", { name: back.name }));
        swiperRef.current?.slideTo(0, 0);
      }
    } catch (caught) {
      setError(describeApiError(caught, t));
    } finally {
      setBusy(false);
    }
  }

  // The arrow keys play anywhere on the page, except in a field or while a dialog is open.
  const keys = useRef<(event: KeyboardEvent) => void>(() => {});
  keys.current = (event: KeyboardEvent) => {
    const card = topRef.current;
    if (!card || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const target = event.target as HTMLElement | null;
    if (target?.closest("input, textarea, select, [contenteditable], dialog")) return;
    if (document.querySelector("dialog[open]")) return;
    event.preventDefault();
    if (event.key === "ArrowRight") void like(card);
    else void pass(card);
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keys.current(event);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);

  return (
    <section className="swipe stack" aria-describedby={introId}>
      <p id={introId} className="swipe-intro">
        {t("swipe.intro")}
      </p>
      <p className="swipe-count" aria-live="polite">
        {likesLeft === null ? t("swipe.unlimited") : t("swipe.likesLeft", { count: likesLeft })}
      </p>
      {top ? (
        <div className="swipe-stage">
          <Swiper
            className="swipe-swiper"
            modules={[EffectCards, A11y]}
            effect="cards"
            grabCursor
            // No drag while a card is in flight: it would take the one flying.
            allowTouchMove={leaving.size === 0}
            cardsEffect={{ slideShadows: false, perSlideOffset: 6, perSlideRotate: 2 }}
            resistanceRatio={0.6}
            // A third of the card's width is a pass: a drag, not a throw.
            longSwipesRatio={0.3}
            onSwiper={(swiper) => {
              swiperRef.current = swiper;
            }}
            // A drag takes the card on top when it starts; it may pass that card once.
            onSliderFirstMove={() => {
              drag.current = { card: topRef.current, passed: false };
            }}
            // A card dragged left goes to the next slide: that is a pass. Swiper also changes
            // slide when the stack changes under it (the passed card dropped): no drag, no pass,
            // and the stack's top stays in front.
            onSlideChange={(swiper) => {
              if (swiper.activeIndex === 0) return;
              const dragged = drag.current;
              if (dragged?.card && !dragged.passed) {
                dragged.passed = true;
                void pass(dragged.card, true);
              } else {
                swiper.slideTo(0, 0);
              }
            }}
            // The first card cannot go back: dragged far enough right, it is a like.
            onTouchEnd={(swiper) => {
              const card = topRef.current;
              if (swiper.activeIndex === 0 && swiper.touches.diff > LIKE_DRAG_PX && card) {
                void like(card);
              }
            }}
          >
            {cards.map((card, index) => (
              <SwiperSlide
                key={card.id}
                className={
                  leaving.has(card.id)
                    ? `swipe-slide is-leaving-${leaving.get(card.id)}`
                    : "swipe-slide"
                }
                aria-hidden={card === top ? undefined : true}
              >
                <article className="swipe-card" aria-label={`${card.name}, ${card.age}`}>
                  {card.main_image ? (
                    <img
                      src={card.main_image.match}
                      width={card.main_image.width}
                      height={card.main_image.height}
                      alt=""
                      draggable={false}
                      loading={index < 2 ? "eager" : "lazy"}
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
                      tabIndex={card === top ? undefined : -1}
                    >
                      {t("swipe.viewProfile")}
                    </a>
                  </div>
                </article>
              </SwiperSlide>
            ))}
          </Swiper>
        </div>
      ) : (
        <div className="swipe-empty stack">
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
          aria-disabled={busy}
          onClick={() => top && void pass(top)}
        >
          <span aria-hidden="true">✕</span> {t("swipe.pass")}
        </button>
        <button
          type="button"
          className="btn btn-ghost swipe-undo"
          disabled={passes === 0}
          aria-disabled={busy}
          onClick={() => void undo()}
        >
          <span aria-hidden="true">↶</span> {t("swipe.undo")}
        </button>
        <button
          type="button"
          className="btn btn-primary swipe-like"
          disabled={!top}
          aria-disabled={busy}
          onClick={() => top && void like(top)}
        >
          <span aria-hidden="true">♥</span> {t("swipe.like")}
        </button>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      <PremiumAlert
        locale={props.locale}
        messages={props.messages}
        open={premiumOpen}
        feature="swipe"
        onClose={() => setPremiumOpen(false)}
      />
    </section>
  );
}
