import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { Outlet, useNavigate } from "react-router";
import { Footer } from "~/components/layout/footer";
import { Navbar } from "~/components/layout/navbar";
import { SkipLink } from "~/components/layout/skip-link";
import { logout as endSession } from "~/lib/logout";
import { useSession } from "~/lib/use-session";

const loadLoginDialog = () => import("~/features/auth/components/login-dialog");
const LoginDialog = lazy(loadLoginDialog);

/** SPEC §9: the login modal opens 300 ms after the smooth scroll to the top starts. */
export const LOGIN_MODAL_DELAY_MS = 300;

/**
 * Back to the control that opened the dialog; if it has gone (the phone menu closed), to the
 * menu button that leads back to it.
 */
function focusVisible(element: HTMLElement | null) {
  if (element?.isConnected && element.getClientRects().length > 0) {
    element.focus();
    return true;
  }
  return false;
}

export default function SiteLayout() {
  const session = useSession();
  const navigate = useNavigate();
  const [loginOpen, setLoginOpen] = useState(false);
  const openedFrom = useRef<HTMLElement | null>(null);

  const openLogin = useCallback(() => {
    openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    void loadLoginDialog();
    window.scrollTo({ top: 0, behavior: "smooth" });
    window.setTimeout(() => setLoginOpen(true), LOGIN_MODAL_DELAY_MS);
  }, []);

  const returnFocusAfterLogin = useCallback(() => {
    if (focusVisible(openedFrom.current)) return;
    focusVisible(document.querySelector<HTMLElement>("header button[aria-controls]"));
  }, []);

  const logout = useCallback(() => {
    endSession();
    navigate({ pathname: "/", hash: "#home-section" });
  }, [navigate]);

  return (
    <>
      <SkipLink />
      <Navbar
        loggedIn={session !== null}
        onLogin={openLogin}
        onLogout={logout}
        onLoginIntent={() => void loadLoginDialog()}
      />
      {loginOpen && (
        <Suspense fallback={null}>
          <LoginDialog open={loginOpen} onOpenChange={setLoginOpen} returnFocus={returnFocusAfterLogin} />
        </Suspense>
      )}
      <Outlet />
      <Footer />
    </>
  );
}
