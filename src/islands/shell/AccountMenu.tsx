import type { Translate } from "../../i18n/translate";
import { logOut } from "../../stores/session";
import DropdownMenu from "../ui/DropdownMenu";

type Props = { t: Translate; name: string; avatar: string | null };

/** The account dropdown of spec §2 (my profile, settings, logout), a keyboard-usable menu. */
export default function AccountMenu({ t, name, avatar }: Props) {
  return (
    <DropdownMenu
      buttonClassName="account-button"
      menuClassName="dropdown-menu"
      label={
        <>
          {avatar ? (
            <img src={avatar} alt="" width="32" height="40" className="avatar" />
          ) : (
            <span className="avatar avatar-initial" aria-hidden="true">
              {name.slice(0, 1)}
            </span>
          )}
          <span className="account-label">{t("nav.account")}</span>
        </>
      }
    >
      <li>
        <a href="/profile">{t("nav.myProfile")}</a>
      </li>
      <li>
        <a href="/notifications">{t("nav.settings")}</a>
      </li>
      <li>
        {/* A form, so logging out works before the script runs too (the API sends it home). */}
        <form
          method="post"
          action="/api/logout.php"
          onSubmit={(event) => {
            event.preventDefault();
            logOut();
          }}
        >
          <button type="submit">{t("nav.logout")}</button>
        </form>
      </li>
    </DropdownMenu>
  );
}
