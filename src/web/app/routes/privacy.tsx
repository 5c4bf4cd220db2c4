import { SiteFooter } from "../../components/site-footer";
import { pageMeta } from "../../lib/page-meta";

export const meta = () => pageMeta("/privacy");

// Placeholder: the page's issue fills it in.
export default function Page() {
  return (
    <>
      <main className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="text-3xl font-bold">Privacy Policy</h1>
        <p className="mt-4 text-lg">What our forms collect and why.</p>
      </main>
      <SiteFooter />
    </>
  );
}
