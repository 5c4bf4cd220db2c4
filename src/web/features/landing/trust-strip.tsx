import { TRUST_COPY } from "../../content/landing";
import { Icon, type IconName } from "./icons";

const BADGE_ICONS: readonly IconName[] = ["shield", "clipboard", "map", "umbrella"];

/** Section 2: customer wordmarks (text, no images: nothing to load, nothing to shift) and the four badges. */
export function TrustStrip() {
  return (
    <section aria-labelledby="trust-heading" className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h2 id="trust-heading" className="text-center text-sm font-semibold tracking-wide text-slate-600 uppercase">
          {TRUST_COPY.heading}
        </h2>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-4">
          {TRUST_COPY.logos.map((logo) => (
            <li key={logo} className="font-serif text-lg font-bold tracking-tight text-slate-500 italic">
              {logo}
            </li>
          ))}
        </ul>
        <ul className="mx-auto mt-8 grid max-w-4xl grid-cols-2 gap-3 md:grid-cols-4">
          {TRUST_COPY.badges.map((badge, index) => (
            <li
              key={badge}
              className="flex items-center justify-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-3 text-sm font-bold text-slate-800"
            >
              <Icon name={BADGE_ICONS[index] ?? "shield"} className="text-brand" />
              {badge}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
