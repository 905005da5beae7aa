import { LogIn, LogOut, Menu, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { BrandMark } from "./brand-mark.tsx";
import { landingSectionIds, navLinks } from "./nav-links.ts";
import { useActiveSection } from "./use-active-section.ts";

const MOBILE_QUERY = "(min-width: 768px)";

export interface NavbarProps {
  loggedIn: boolean;
  onLogin: () => void;
  onLogout: () => void;
  /** Prefetch the login dialog's code when the pointer or focus comes near the button. */
  onLoginIntent?: () => void;
}

export function Navbar({ loggedIn, onLogin, onLogout, onLoginIntent }: NavbarProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();
  const onLanding = pathname === "/" && !loggedIn;
  const activeSection = useActiveSection(landingSectionIds, onLanding);

  // The dropdown only exists below 768 px: close it when the window grows past that.
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setMenuOpen(false);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const isActive = (link: (typeof navLinks)[number]) =>
    onLanding ? activeSection === link.section || (activeSection === null && link.to === "/") : pathname === link.to;

  const linkClass = (active: boolean) =>
    `relative px-1 py-2 text-sm font-semibold transition-colors after:absolute after:inset-x-1 after:-bottom-0.5 after:h-0.5 after:rounded after:bg-accent-500 after:transition-transform ${
      active ? "text-steel-950 after:scale-x-100" : "text-steel-600 hover:text-steel-950 after:scale-x-0"
    }`;

  const authButton = loggedIn ? (
    <button
      type="button"
      onClick={() => {
        setMenuOpen(false);
        onLogout();
      }}
      className="inline-flex items-center gap-2 rounded-md border border-steel-300 px-3 py-2 lg:px-4 text-sm font-semibold text-steel-800 hover:border-steel-500 hover:bg-steel-50"
    >
      <LogOut aria-hidden="true" size={16} /> Logout
    </button>
  ) : (
    <button
      type="button"
      onClick={() => {
        setMenuOpen(false);
        onLogin();
      }}
      onPointerEnter={onLoginIntent}
      onFocus={onLoginIntent}
      className="inline-flex items-center gap-2 rounded-md bg-steel-900 px-3 py-2 lg:px-4 text-sm font-semibold text-white hover:bg-steel-700"
    >
      <LogIn aria-hidden="true" size={16} /> Login
    </button>
  );

  // An opaque header: the brand's sweep is lightened onto it (app.css), and a see-through, blurred
  // one would be repainted on the main thread at every frame of a scroll.
  return (
    <header className="sticky top-0 z-40 border-b border-steel-200/80 bg-white">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="rounded-md" aria-label="Northbeam Steel Detailing, home">
          <BrandMark />
        </Link>

        <ul className="hidden items-center gap-3 md:flex lg:gap-7">
          {navLinks.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className={linkClass(isActive(link))}
                aria-current={isActive(link) ? "page" : undefined}
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>

        <div className="flex items-center gap-2">
          <div className="hidden md:block">{authButton}</div>
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-steel-800 hover:bg-steel-100 md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" size={24} /> : <Menu aria-hidden="true" size={24} />}
          </button>
        </div>
      </nav>

      <div id={menuId} hidden={!menuOpen} className="border-t border-steel-200 bg-white md:hidden">
        <ul className="mx-auto flex max-w-7xl flex-col px-4 py-2">
          {navLinks.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                onClick={() => setMenuOpen(false)}
                aria-current={isActive(link) ? "page" : undefined}
                className={`block rounded-md px-3 py-3 text-base font-semibold ${
                  isActive(link) ? "bg-steel-100 text-steel-950" : "text-steel-700 hover:bg-steel-50"
                }`}
              >
                {link.mobileLabel}
              </Link>
            </li>
          ))}
          <li className="px-3 py-3">{authButton}</li>
        </ul>
      </div>
    </header>
  );
}
