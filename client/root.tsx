import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { SiteContentScript } from "./lib/site-content";

export const links: Route.LinksFunction = () => [
  // With a precedence, React puts the render-blocking stylesheet at the top of <head>, ahead of the
  // module preloads it hoists there (otherwise ~30 preloads queue in front of the CSS).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#162030" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <SiteContentScript />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Shown while client-only routes load (the staff area is not prerendered). */
export function HydrateFallback() {
  return <div className="min-h-screen bg-steel-50" aria-busy="true" />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) && error.status === 404 ? "PageNotFound" : "Something went wrong";
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-steel-600">
        <a className="text-accent-600 underline" href="/">
          Back to the home page
        </a>
      </p>
    </main>
  );
}
