import { SiteFooter } from "../../components/site-footer";
import { pageMeta } from "../../lib/page-meta";

export const meta = () => pageMeta("/qualifying-chat");

// Placeholder: the page's issue fills it in.
export default function Page() {
  return (
    <>
      <main className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="text-3xl font-bold">You're almost done</h1>
        <p className="mt-4 text-lg">Our team will call you within 24 hours.</p>
      </main>
      <SiteFooter />
    </>
  );
}
