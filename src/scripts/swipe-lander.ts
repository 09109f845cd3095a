/**
 * The swipe lander's game: Like / Pass (buttons, arrow keys or a drag) move through the cards;
 * the third card liked is "a match" that offers signup. The buttons are signup links, so the
 * page still leads somewhere without this script.
 */
const game = document.querySelector<HTMLElement>("[data-swipe-game]");
if (game) {
  const cards = [...game.querySelectorAll<HTMLElement>("[data-swipe-card]")];
  const match = game.querySelector<HTMLElement>("[data-swipe-match]");
  let current = 0;
  let likes = 0;

  const showMatch = () => {
    for (const card of cards) card.hidden = true;
    if (match) {
      match.hidden = false;
      match.focus();
    }
  };

  const decide = (choice: "like" | "pass") => {
    const card = cards[current];
    if (!card) return;
    if (choice === "like") {
      likes++;
      const name = game.querySelector("[data-match-name]");
      if (name) name.textContent = card.dataset.name ?? "";
    }
    card.classList.add(choice === "like" ? "swiped-right" : "swiped-left");
    const next = cards[current + 1];
    current++;
    window.setTimeout(() => {
      card.hidden = true;
      if ((likes >= 1 && current >= 3) || !next) return showMatch();
      next.hidden = false;
      next.querySelector<HTMLElement>("[data-swipe='like']")?.focus();
    }, 220);
  };

  for (const card of cards) {
    for (const button of card.querySelectorAll<HTMLAnchorElement>("[data-swipe]")) {
      button.addEventListener("click", (event) => {
        event.preventDefault();
        decide(button.dataset.swipe === "like" ? "like" : "pass");
      });
    }
    let startX: number | null = null;
    card.addEventListener("pointerdown", (event) => {
      startX = event.clientX;
    });
    card.addEventListener("pointerup", (event) => {
      if (startX === null) return;
      const distance = event.clientX - startX;
      startX = null;
      if (Math.abs(distance) > 60) decide(distance > 0 ? "like" : "pass");
    });
  }
  game.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") decide("like");
    if (event.key === "ArrowLeft") decide("pass");
  });
}
