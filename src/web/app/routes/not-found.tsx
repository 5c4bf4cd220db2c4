import { Link } from "react-router";
import { SiteFooter } from "../../components/site-footer";
import { NOT_FOUND_COPY } from "../../content/site-copy";
import { pageMeta } from "../../lib/page-meta";
import { PATHS } from "../../route-paths";

export const meta = () => pageMeta("/404");

export default function NotFound() {
  return (
    <>
      <main className="mx-auto min-h-[60vh] max-w-2xl px-4 py-16">
        <h1 className="text-3xl font-bold">{NOT_FOUND_COPY.heading}</h1>
        <p className="mt-4 text-lg">{NOT_FOUND_COPY.body}</p>
        <Link to={PATHS.home} className="mt-6 inline-block font-semibold text-brand underline">
          {NOT_FOUND_COPY.home}
        </Link>
      </main>
      <SiteFooter />
    </>
  );
}
