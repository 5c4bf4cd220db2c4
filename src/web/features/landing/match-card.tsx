import { HERO_COPY } from "../../content/landing";
import { Icon } from "./icons";

const CARD = HERO_COPY.card;

/** The hero's illustration: a matched shift as the product shows it, built in HTML (no image to wait for). */
export function MatchCard() {
  return (
    <figure
      aria-label={CARD.label}
      className="mx-auto w-full max-w-md rounded-2xl bg-white p-5 text-slate-900 shadow-2xl ring-1 ring-black/5 sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-semibold text-slate-600">{CARD.shift}</p>
        <span className="shrink-0 rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-bold whitespace-nowrap text-emerald-800">
          {CARD.status}
        </span>
      </div>
      <div className="mt-4 flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-brand text-lg font-bold text-white"
        >
          JR
        </span>
        <div>
          <p className="text-lg font-bold">{CARD.nurse}</p>
          <p className="text-sm font-semibold text-accent-dark">{CARD.score}</p>
        </div>
      </div>
      <ul className="mt-4 flex flex-wrap gap-2">
        {CARD.badges.map((badge) => (
          <li
            key={badge}
            className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-2 py-1 text-xs font-semibold text-slate-700"
          >
            <Icon name="shield" size={14} className="text-brand" />
            {badge}
          </li>
        ))}
      </ul>
      <p className="mt-4 flex items-center gap-2 rounded-lg bg-orange-50 px-3 py-2 text-sm font-semibold text-slate-800">
        <Icon name="pin" size={18} className="text-accent-dark" />
        {CARD.eta}
      </p>
    </figure>
  );
}
