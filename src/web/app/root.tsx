import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/root";
import { whenHydrated } from "../components/hydration-boundary";
import { JsonLd } from "../components/json-ld";
import { siteConfig } from "../site-config";
import { THEME_COLOUR } from "../content/share-image";
import { earlyInteractionsScript, replayEarlyInteractions } from "../lib/early-interactions";
import { GoogleTag } from "../lib/google-tag";
import { organizationJsonLd } from "../lib/organization-json-ld";
import "./app.css";
import { PATHS } from "../route-paths";
import { ERROR_PAGE_COPY } from "../content/site-copy";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  // Written by the build (scripts/post-build/site-files.ts), with the brand name and colour.
  { rel: "manifest", href: "/manifest.webmanifest" },
];

const ORGANIZATION = organizationJsonLd(siteConfig);

export function Layout({ children }: { children: React.ReactNode }) {
  // Once every part of the page has hydrated (components/hydration-boundary), so its fields have
  // taken what was typed before hydration.
  useEffect(() => whenHydrated(replayEarlyInteractions), []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        {/* First, so a press is kept from the moment the page can be seen (lib/early-interactions). */}
        {/* Its text matters in the prerendered page only: hydration keeps what the page has (React does
            not compare a script's inner HTML) and this layout is never rendered afresh in the browser,
            so the client's JavaScript leaves the ~1 KB gzip string out (decision 0019). */}
        <script
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? earlyInteractionsScript() : "" }}
          suppressHydrationWarning
        />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOUR} />
        <Meta />
        <Links />
        <JsonLd data={ORGANIZATION} />
      </head>
      <body className="bg-white font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
        <GoogleTag />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function HydrateFallback() {
  return <p className="p-8 text-center">{ERROR_PAGE_COPY.loading}</p>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : ERROR_PAGE_COPY.title;
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-4">
        {ERROR_PAGE_COPY.tryAgain}{" "}
        <a className="underline" href={PATHS.home}>
          {ERROR_PAGE_COPY.home}
        </a>
        .
      </p>
    </main>
  );
}
