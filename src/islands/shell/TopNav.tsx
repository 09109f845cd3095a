import { useEffect, useState } from "react";
import { PREMIUM_PATH } from "../../contract/premium";
import type { UserView } from "../../contract/users";
import type { Locale } from "../../i18n/locales";
import {
  $newLikes,
  $unreadMessages,
  bindAttentionCount,
  creditBadgeVariant,
  formatBadgeCount,
} from "../../stores/counts";
import { startMemberEvents } from "../../stores/events";
import { syncPush } from "../../stores/push";
import { useSeededStore } from "../../stores/seeded";
import { $member, startMemberRefresh } from "../../stores/session";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import AccountMenu from "./AccountMenu";
import LanguageSwitcher from "./LanguageSwitcher";

type Props = I18nProps & {
  siteName: string;
  member: UserView | null;
  unreadMessages: number;
  newLikes: number;
  /** The page's path, to mark the current section. */
  path: string;
  alternates?: Partial<Record<Locale, string>>;
  /** The site's web push key: a subscribed browser's state is read and kept in step. */
  pushPublicKey?: string | null;
};

/** spec §2: in installed-app mode a back button shows on member, likes and credits pages. */
const BACK_BUTTON_PATHS = /^\/(members|likes|credits)(\/|$)/;

function useInstalledApp(): boolean {
  const [installed, setInstalled] = useState(false);
  useEffect(() => {
    const query = matchMedia("(display-mode: standalone)");
    setInstalled(query.matches);
    const onChange = () => setInstalled(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return installed;
}

/** The top navigation of spec §2, logged in and out, fed from the shared stores. */
export default function TopNav(props: Props) {
  const t = useTranslate(props);
  const member = useSeededStore($member, props.member);
  const unread = useSeededStore($unreadMessages, props.unreadMessages);
  const likes = useSeededStore($newLikes, props.newLikes);
  const installed = useInstalledApp();
  const loggedIn = member !== null;

  useEffect(() => {
    const unbind = bindAttentionCount();
    const stop = loggedIn ? startMemberRefresh() : () => {};
    const stopEvents = loggedIn ? startMemberEvents() : () => {};
    return () => {
      unbind();
      stop();
      stopEvents();
    };
  }, [loggedIn]);

  const memberId = member?.id;
  useEffect(() => {
    if (memberId !== undefined)
      void syncPush(props.pushPublicKey ?? null, memberId).catch(() => {});
  }, [memberId, props.pushPublicKey]);

  const current = (prefix: string) =>
    props.path === prefix || props.path.startsWith(`${prefix}/`) ? "page" : undefined;
  const creditVariant = member ? creditBadgeVariant(member.credits) : null;

  return (
    <header className="topnav">
      <nav className="topnav-inner container" aria-label={t("nav.main")}>
        {installed && BACK_BUTTON_PATHS.test(props.path) ? (
          <button type="button" className="btn btn-ghost btn-icon" onClick={() => history.back()}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">{t("nav.back")}</span>
          </button>
        ) : null}
        <a href="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            ♥
          </span>
          <span className="brand-name">{props.siteName}</span>
          <span className="visually-hidden">{t("nav.home", { site: props.siteName })}</span>
        </a>
        <ul className="topnav-links">
          {member ? (
            <>
              <li>
                <a href="/members" aria-current={current("/members")} className="nav-link">
                  <NavIcon name="search" />
                  <span className="nav-label">{t("nav.searchMembers")}</span>
                </a>
              </li>
              <li>
                <a href="/chats" aria-current={current("/chats")} className="nav-link">
                  <NavIcon name="chat" />
                  <span className="nav-label">{t("nav.messages")}</span>
                  <CountBadge count={unread} label={t("nav.unreadMessages", { count: unread })} />
                </a>
              </li>
              <li>
                <a href="/likes" aria-current={current("/likes")} className="nav-link">
                  <NavIcon name="heart" />
                  <span className="nav-label">{t("nav.likes")}</span>
                  <CountBadge count={likes} label={t("nav.newLikes", { count: likes })} />
                </a>
              </li>
              <li>
                {member.paid_user ? (
                  <a href="/credits" aria-current={current("/credits")} className="nav-link">
                    <NavIcon name="coin" />
                    <span className="nav-label">{t("nav.credits")}</span>
                    {creditVariant ? (
                      <span
                        className={`badge badge-${creditVariant}`}
                        title={t(
                          creditVariant === "danger" ? "nav.creditsEmpty" : "nav.creditsLow",
                        )}
                      >
                        <span aria-hidden="true">{member.credits}</span>
                        <span className="visually-hidden">
                          {t("nav.creditsBalance", { count: member.credits })}.{" "}
                          {t(creditVariant === "danger" ? "nav.creditsEmpty" : "nav.creditsLow")}
                        </span>
                      </span>
                    ) : (
                      <span className="visually-hidden">
                        {t("nav.creditsBalance", { count: member.credits })}
                      </span>
                    )}
                  </a>
                ) : (
                  <a href={PREMIUM_PATH} className="btn btn-primary btn-sm get-premium">
                    <NavIcon name="crown" />
                    <span className="get-premium-label">{t("nav.getPremium")}</span>
                  </a>
                )}
              </li>
            </>
          ) : null}
          <li>
            <LanguageSwitcher
              locale={props.locale}
              messages={props.messages}
              alternates={props.alternates}
            />
          </li>
          <li className="topnav-last">
            {member ? (
              <AccountMenu
                t={t}
                name={member.profile?.name ?? member.email}
                avatar={member.profile?.main_image?.thumb ?? null}
              />
            ) : (
              <a href="/login" className="btn btn-primary btn-sm">
                {t("nav.login")}
              </a>
            )}
          </li>
        </ul>
      </nav>
    </header>
  );
}

function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="badge badge-unread nav-badge">
      <span aria-hidden="true">{formatBadgeCount(count)}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

const ICONS = {
  search:
    "M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z",
  chat: "M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-4 4V5a2 2 0 0 1 2-2Zm0 2v12.2L7.2 14H20V5H4Z",
  heart:
    "M12 21s-7.5-4.6-9.6-9.2C.9 8.3 3 4 7 4c2.1 0 3.5 1.1 5 3 1.5-1.9 2.9-3 5-3 4 0 6.1 4.3 4.6 7.8C19.5 16.4 12 21 12 21Z",
  coin: "M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 3v1.1c1.3.3 2.4 1.2 2.5 2.6h-2c-.1-.5-.6-.9-1.5-.9s-1.4.4-1.4.9c0 .5.4.8 1.8 1.1 2 .5 3.2 1.2 3.2 3 0 1.4-1.1 2.4-2.6 2.7V17h-2v-1.1c-1.5-.3-2.6-1.3-2.7-2.8h2c.1.7.7 1.1 1.7 1.1 1 0 1.6-.4 1.6-1s-.5-.9-1.9-1.2c-1.9-.4-3.1-1.1-3.1-2.8 0-1.3 1-2.3 2.4-2.6V7h2Z",
  crown:
    "M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5L3 7Zm3.7 10h10.6l1-6.1-2.5 2.2L12 8l-3.8 5.1-2.5-2.2 1 6.1Z",
} as const;

function NavIcon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" className="icon">
      <path fill="currentColor" d={ICONS[name]} />
    </svg>
  );
}
