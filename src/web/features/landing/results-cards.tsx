import { SOCIAL_PROOF_COPY } from "../../content/landing-proof";

/** The three Real Results cards of spec 9. */
export function ResultsCards() {
  return (
    <>
      <h3 className="mt-14 text-center text-2xl font-bold text-slate-900">{SOCIAL_PROOF_COPY.resultsHeading}</h3>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {SOCIAL_PROOF_COPY.results.map((result) => (
          <li
            key={result.title}
            className="rounded-2xl border-t-4 border-accent bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{result.context}</p>
            <p className="mt-3 text-slate-900">
              <span className="block text-4xl font-extrabold tracking-tight text-brand">{result.figure}</span>
              <span className="text-lg font-bold">{result.title}</span>
            </p>
            <p className="mt-2 font-semibold text-accent-dark">{result.detail}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
