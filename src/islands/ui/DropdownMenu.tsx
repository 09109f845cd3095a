import { type ReactNode, useEffect, useId, useRef, useState } from "react";

type Props = {
  /** The button's content; give it a text (visible or visually hidden). */
  label: ReactNode;
  buttonClassName: string;
  menuClassName: string;
  /** The menu's items: <li> elements holding a link or a button each. */
  children: ReactNode;
};

/**
 * A keyboard-usable dropdown menu (the account menu, a conversation's options): the button
 * toggles it, the first item takes focus, arrows move, Escape closes and returns focus, and
 * tabbing out or a click elsewhere closes it. Choosing an item closes it too.
 */
export default function DropdownMenu({ label, buttonClassName, menuClassName, children }: Props) {
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
    <div ref={containerRef} className="dropdown">
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        onKeyDown={onButtonKeyDown}
        onBlur={onBlur}
      >
        {label}
      </button>
      {/* A chosen item (a click bubbling up from it, also from Enter on it) closes the menu. */}
      <ul
        ref={menuRef}
        id={menuId}
        className={menuClassName}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        onBlur={onBlur}
        onClick={(event) => {
          if (!(event.target as HTMLElement).closest("a, button")) return;
          setOpen(false);
          // The item is hidden with the menu: focus goes back to the menu's button, which is
          // where a dialog the item opened returns it when it closes (issue 29 item 16).
          buttonRef.current?.focus();
        }}
      >
        {children}
      </ul>
    </div>
  );
}
