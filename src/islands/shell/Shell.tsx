import type { ComponentProps } from "react";
import LikeModal from "../discovery/LikeModal";
import MatchModal from "../discovery/MatchModal";
import OfferBanner from "../payments/OfferBanner";
import LoadingBar from "../ui/LoadingBar";
import Toaster from "../ui/Toaster";
import type { I18nProps } from "../ui/use-translate";
import TopNav from "./TopNav";

/** What a part takes besides the shared locale and messages. */
type Own<Props> = Omit<Props, keyof I18nProps>;

type Props = I18nProps & {
  nav: Own<ComponentProps<typeof TopNav>>;
  /** The offer of a member who has not paid yet, when they have one (its member is nav's). */
  offer: Omit<Own<ComponentProps<typeof OfferBanner>>, "member"> | null;
  /** A member's "It's a match" dialog; null for a visitor. */
  match: Own<ComponentProps<typeof MatchModal>> | null;
  /** The like modal of spec §9, for a member with a profile. */
  likeModal: boolean;
};

/**
 * The shell of every page of the Default layout as one island (issue 30 item 1): the loading
 * bar, the top navigation, the offer banner, the match and like dialogs and the toasts. Each
 * island costs a page's server its own React render, props serialised twice and a hydration
 * script; as one, the member and the messages they share are sent once. The dialogs are native
 * `<dialog>`s and the toasts fixed, so where they stand in the page changes nothing on screen.
 */
export default function Shell({ locale, messages, nav, offer, match, likeModal }: Props) {
  const i18n = { locale, messages };
  return (
    <>
      <LoadingBar />
      <TopNav {...i18n} {...nav} />
      {offer ? <OfferBanner {...i18n} member={nav.member} {...offer} /> : null}
      {match ? <MatchModal {...i18n} {...match} /> : null}
      {likeModal ? <LikeModal {...i18n} /> : null}
      <Toaster {...i18n} />
    </>
  );
}
