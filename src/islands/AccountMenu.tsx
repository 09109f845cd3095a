import { useEffect, useId, useRef, useState } from "react";
import type { Translate } from "../i18n/translate";
import { logOut } from "../stores/session";

type Props = { t: Translate; name: string; avatar: string | null };

/** The account dropdown of spec §2 (my profile, settings, logout), a keyboard-usable menu. */
export default function AccountMenu({ t, name, avatar }: Props) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) {
        setOpen(false);
      }
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  // Escape closes the open menu from its button too, not only from an item.
  function onButtonKeyDown(event: React.KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "Escape" && open) setOpen(false);
  }

  // Tabbing out of the menu (or its button) closes it, so it does not hang open over the page.
  // Focus leaving the document (relatedTarget null) does not: the menu is as the member left it.
  function onBlur(event: React.FocusEvent) {
    const next = event.relatedTarget;
    if (open && next instanceof Node && !containerRef.current?.contains(next)) setOpen(false);
  }

  function onMenuKeyDown(event: React.KeyboardEvent<HTMLUListElement>) {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>("a, button") ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === "Escape") {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    }
  }

  return (
    <div ref={containerRef} className="account-menu">
      <button
        ref={buttonRef}
        type="button"
        className="account-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        onKeyDown={onButtonKeyDown}
        onBlur={onBlur}
      >
        {avatar ? (
          <img src={avatar} alt="" width="32" height="40" className="avatar" />
        ) : (
          <span className="avatar avatar-initial" aria-hidden="true">
            {name.slice(0, 1)}
          </span>
        )}
        <span className="account-label">{t("nav.account")}</span>
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        className="account-dropdown"
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        onBlur={onBlur}
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
      </ul>
    </div>
  );
}
