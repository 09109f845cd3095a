import { type PointerEvent as ReactPointerEvent, useRef } from "react";
import type { ProfileCard } from "../../contract/profiles";

/** What a card let go of comes to. */
export type Verdict = "like" | "pass";

/** A card let go this far out (a share of its width) is liked or passed. */
const COMMIT_SHARE = 0.3;
/** A flick: let go at this speed (px/ms) and at least FLICK_PX out, it counts too. */
const FLICK_SPEED = 0.5;
const FLICK_PX = 40;
/** Degrees of tilt per pixel dragged, and the most. */
const TILT_PER_PX = 0.08;
const TILT_MAX = 20;
/** The drag in progress: where the finger went down, and how it moves. */
type Drag = {
  card: ProfileCard;
  element: HTMLElement;
  pointer: number;
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  /** The last move's time and horizontal speed (px/ms), for a flick. */
  at: number;
  speed: number;
};

/** Puts a dragged card where the finger is: tilted, its stamp showing as it nears a verdict. */
function place(drag: Drag) {
  const { element, dx, dy } = drag;
  const tilt = Math.max(-TILT_MAX, Math.min(TILT_MAX, dx * TILT_PER_PX));
  element.style.transform = `translate(${dx}px, ${dy}px) rotate(${tilt}deg)`;
  const share = Math.min(1, Math.abs(dx) / (element.offsetWidth * COMMIT_SHARE || 1));
  element.style.setProperty("--swipe-like", dx > 0 ? String(share) : "0");
  element.style.setProperty("--swipe-nope", dx < 0 ? String(share) : "0");
}

/** Hands a card back to its stylesheet: it springs back, or flies off as its class says. */
function release(element: HTMLElement, dy: number) {
  delete element.dataset.dragging;
  element.style.removeProperty("transform");
  element.style.removeProperty("--swipe-like");
  element.style.removeProperty("--swipe-nope");
  element.style.setProperty("--swipe-dy", `${dy}px`);
}

/**
 * The swipe game's gesture (issue 29 item 8): the card in play follows the finger (or mouse)
 * 1:1, tilts and shows its stamp; let go past a third of its width, or flicked, it gets a
 * verdict through `judge`, else it springs back. The handlers go on the card's slide.
 */
export function useCardDrag(judge: (card: ProfileCard, verdict: Verdict) => unknown) {
  const drag = useRef<Drag | null>(null);

  function startDrag(event: ReactPointerEvent<HTMLDivElement>, card: ProfileCard) {
    if (!event.isPrimary || event.button !== 0 || drag.current) return;
    // The profile link stays a link.
    if ((event.target as HTMLElement).closest("a, button")) return;
    const element = event.currentTarget;
    element.setPointerCapture(event.pointerId);
    element.dataset.dragging = "";
    drag.current = {
      card,
      element,
      pointer: event.pointerId,
      x0: event.clientX,
      y0: event.clientY,
      dx: 0,
      dy: 0,
      at: event.timeStamp,
      speed: 0,
    };
  }

  function moveDrag(event: ReactPointerEvent<HTMLDivElement>) {
    const held = drag.current;
    if (!held || event.pointerId !== held.pointer) return;
    const dx = event.clientX - held.x0;
    const elapsed = event.timeStamp - held.at;
    if (elapsed > 0) held.speed = (dx - held.dx) / elapsed;
    held.at = event.timeStamp;
    held.dx = dx;
    held.dy = event.clientY - held.y0;
    place(held);
  }

  /** The finger lifts (`cancelled`: the browser took the gesture, e.g. to scroll). */
  function endDrag(event: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) {
    const held = drag.current;
    if (!held || event.pointerId !== held.pointer) return;
    drag.current = null;
    const { element, dx, dy, speed } = held;
    const far = Math.abs(dx) > element.offsetWidth * COMMIT_SHARE;
    const flicked = Math.abs(dx) > FLICK_PX && Math.abs(speed) > FLICK_SPEED && speed * dx > 0;
    release(element, dy);
    if (!cancelled && (far || flicked)) judge(held.card, dx > 0 ? "like" : "pass");
  }

  return { startDrag, moveDrag, endDrag };
}
