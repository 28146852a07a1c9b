import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router-dom";
import { useAuth } from "../lib/session.tsx";
import { useDarkMode } from "../theme/theme.ts";

/** The "page" dropdown of the signed-in header. */
export function PageMenu() {
  const { username, logout } = useAuth();
  const { isDark, toggle } = useDarkMode();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const buttonId = useId();

  const items = useCallback(
    () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>("[data-menu-item]") ?? []),
    [],
  );

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, items]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case "Escape":
        event.preventDefault();
        close(true);
        break;
      case "ArrowDown":
        event.preventDefault();
        focusAt(index + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focusAt(index - 1);
        break;
      case "Home":
        event.preventDefault();
        focusAt(0);
        break;
      case "End":
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case "Tab":
        setOpen(false);
        break;
      default:
        break;
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" && !open) {
      event.preventDefault();
      setOpen(true);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close(true);
    }
  };

  const choose = () => setOpen(false);

  const links: Array<{ to: string; label: string; testId: string }> = [
    { to: username ? `/${username}` : "/login", label: "profile", testId: "menu-profile" },
    { to: "/home/tune?tab=profile", label: "edit profile", testId: "menu-edit-profile" },
    { to: "/home/agent", label: "agentic search", testId: "menu-agent" },
    { to: "/home/why-graph", label: "info", testId: "menu-info" },
    { to: "/home/upgrade", label: "upgrade", testId: "menu-upgrade" },
    { to: "/home/feedback", label: "feedback", testId: "menu-feedback" },
  ];

  return (
    <div className="page-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="nav-link page-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        data-testid="page-menu-button"
        onClick={() => setOpen((v) => !v)}
        onKeyDown={onButtonKeyDown}
      >
        page{" "}
        <span aria-hidden="true" className="page-menu__caret">
          ▾
        </span>
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        className="page-menu__list"
        hidden={!open}
        data-testid="page-menu"
        onKeyDown={onMenuKeyDown}
      >
        {links.map((link) => (
          <li role="none" key={link.testId}>
            <Link
              role="menuitem"
              tabIndex={-1}
              data-menu-item=""
              data-testid={link.testId}
              className="page-menu__item"
              to={link.to}
              onClick={choose}
            >
              {link.label}
            </Link>
          </li>
        ))}
        <li role="none" className="page-menu__separator" />
        <li role="none">
          <button
            type="button"
            tabIndex={-1}
            data-menu-item=""
            data-testid="dark-mode-toggle"
            className="page-menu__item page-menu__toggle"
            aria-pressed={isDark}
            aria-label={isDark ? "Switch to light mode" : "Switch to dark mode"}
            onClick={toggle}
          >
            <span>dark mode</span>
            <span className="switch" aria-hidden="true" data-on={isDark ? "true" : "false"}>
              <span className="switch__thumb" />
            </span>
          </button>
        </li>
        <li role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            data-menu-item=""
            data-testid="menu-logout"
            className="page-menu__item"
            onClick={() => {
              setOpen(false);
              // Logging out handles its own failures (the local session is cleared either way).
              void logout();
            }}
          >
            log out
          </button>
        </li>
      </ul>
    </div>
  );
}
