import { SiteFooter } from "../../components/site-footer";
import { pageMeta } from "../../lib/page-meta";

export const meta = () => pageMeta("/qualify");

// Placeholder: the page's issue fills it in.
export default function Page() {
  return (
    <>
      <main className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="text-3xl font-bold">Qualify for your $50 Visa gift card</h1>
        <p className="mt-4 text-lg">Tell us about your facility in three short steps.</p>
      </main>
      <SiteFooter />
    </>
  );
}
