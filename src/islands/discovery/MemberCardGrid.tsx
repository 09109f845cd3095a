import type { ProfileCard } from "../../contract/profiles";
import type { Translate } from "../../i18n/translate";
import MemberCard from "./MemberCard";

type Props = {
  cards: ProfileCard[];
  t: Translate;
  locale: string;
  /** The first this many cards load at once (above the fold). */
  eager?: number;
  /** The first this many are prefetched when the browser is idle (spec §9). */
  prefetch?: number;
  /** The list's id, for an island that appends to it (MoreMembers). */
  id?: string;
  /** Classes besides `card-grid`. */
  className?: string;
  /** A tag on every card, in `itemClassName` list items (the similar-results set). */
  tag?: string;
  itemClassName?: string;
  /** The cards' heading level (MemberCard). */
  headingLevel?: 2 | 3;
};

/**
 * A grid of member cards as static HTML for a server-rendered page: one React render for the
 * whole list, where a card per Astro component would be one render each (issue 13: the match
 * finder's 24 cards), and no island props (issue 11: on /members those were a third of the
 * page's bytes, and Astro hashes and serialises every island's props on each render).
 */
export default function MemberCardGrid({
  cards,
  t,
  locale,
  eager = 4,
  prefetch = 0,
  id,
  className,
  tag,
  itemClassName,
  headingLevel,
}: Props) {
  const countries = new Intl.DisplayNames([locale], { type: "region" });
  return (
    <ol id={id} className={className ? `card-grid ${className}` : "card-grid"}>
      {cards.map((card, index) => (
        <li key={card.id} className={itemClassName}>
          {tag ? <span className="similar-tag">{tag}</span> : null}
          <MemberCard
            card={card}
            t={t}
            countryName={countries.of(card.country.toUpperCase()) ?? card.country}
            eager={index < eager}
            prefetch={index < prefetch}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ol>
  );
}
