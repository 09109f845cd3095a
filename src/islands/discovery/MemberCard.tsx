import type { ProfileCard } from "../../contract/profiles";
import type { Translate } from "../../i18n/translate";

type Props = {
  card: ProfileCard;
  t: Translate;
  countryName: string;
  /** The first cards of a page are above the fold: load them at once. */
  eager?: boolean;
  /** A likely next page: prefetched when the browser is idle (spec §9). */
  prefetch?: boolean;
  /** Where the card leads; the profile by default (landing pages lead to the member's landing). */
  href?: string;
  /**
   * The name's heading level: 3 under a section's h2 (the default), 2 where the cards come
   * right after the page's h1 (search results, likes), so no level is skipped (issue 29 item 18).
   */
  headingLevel?: 2 | 3;
};

/** A member card of search results and member strips; static HTML unless an island uses it. */
export default function MemberCard({
  card,
  t,
  countryName,
  eager = false,
  prefetch = false,
  href,
  headingLevel = 3,
}: Props) {
  const image = card.main_image;
  const Name = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="member-card">
      <a
        href={href ?? `/members/${card.id}`}
        className="member-card-link"
        data-idle-prefetch={prefetch ? "" : undefined}
      >
        <div className="member-card-photo">
          {image ? (
            <img
              src={image.thumb}
              srcSet={`${image.thumb} 240w, ${image.match} 720w`}
              sizes="(min-width: 1200px) 220px, (min-width: 768px) 30vw, 50vw"
              width={240}
              height={300}
              alt=""
              loading={eager ? "eager" : "lazy"}
              fetchPriority={eager ? "high" : undefined}
              decoding="async"
            />
          ) : (
            <span className="member-card-nophoto" aria-hidden="true">
              {card.name.slice(0, 1)}
            </span>
          )}
          <span className="member-card-tags">
            {card.kind === "cam" ? (
              <span className="tag tag-live">{t("members.partner.cam")}</span>
            ) : null}
            {card.kind === "resell" ? (
              <span className="tag">{t("members.partner.resell")}</span>
            ) : null}
            {card.fictional ? <span className="tag">{t("members.fictional")}</span> : null}
          </span>
        </div>
        <div className="member-card-body">
          <Name className="member-card-name">
            {t("members.nameAge", { name: card.name, age: card.age })}
          </Name>
          <p className="member-card-place">
            {card.region_name ? `${card.region_name}, ${countryName}` : countryName}
          </p>
        </div>
      </a>
    </article>
  );
}
