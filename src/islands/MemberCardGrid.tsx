import type { ProfileCard } from "../contract/profiles";
import type { Translate } from "../i18n/translate";
import MemberCard from "./MemberCard";

type Props = {
  cards: ProfileCard[];
  t: Translate;
  locale: string;
  /** The first this many cards load at once (above the fold). */
  eager?: number;
};

/**
 * A grid of member cards as static HTML for a server-rendered page: one React render for the
 * whole list, where a card per Astro component would be one render each (issue 13: the match
 * finder's 24 cards).
 */
export default function MemberCardGrid({ cards, t, locale, eager = 4 }: Props) {
  const countries = new Intl.DisplayNames([locale], { type: "region" });
  return (
    <ol className="card-grid">
      {cards.map((card, index) => (
        <li key={card.id}>
          <MemberCard
            card={card}
            t={t}
            countryName={countries.of(card.country.toUpperCase()) ?? card.country}
            eager={index < eager}
          />
        </li>
      ))}
    </ol>
  );
}
