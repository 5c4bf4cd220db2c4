import { siteConfig, telHref } from "../../site-config";
import { HERO_COPY } from "../../content/landing";
import { DemoButton } from "./demo-button";
import { Icon } from "./icons";
import { MatchCard } from "./match-card";
import { SpotsStatement } from "./spots-claim";

/** Section 1: headline, the claims that matter most, the demo button. */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-br from-brand-dark via-brand to-[#0f5279] text-white [&_*:focus-visible]:outline-white"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-10 pb-16 sm:px-6 md:pt-16 md:pb-24 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-orange-100 ring-1 ring-white/20">
            <Icon name="clock" size={16} />
            {HERO_COPY.eyebrow}
          </p>
          <h1
            id="hero-heading"
            className="mt-5 text-[2.125rem] leading-tight font-extrabold tracking-tight text-balance sm:text-5xl"
          >
            {HERO_COPY.headline}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-100">{HERO_COPY.lead}</p>
          <div className="mt-4">
            <SpotsStatement />
          </div>
          <ul className="mt-6 grid gap-2 text-base text-white sm:grid-cols-3 sm:gap-4">
            {HERO_COPY.points.map((point) => (
              <li key={point} className="flex items-start gap-2">
                <Icon name="check" size={20} className="mt-0.5 text-orange-300" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center">
            <DemoButton>{HERO_COPY.demoButton}</DemoButton>
            <p className="text-sm text-slate-200">
              {HERO_COPY.callPrompt}{" "}
              <a href={telHref(siteConfig.phone)} className="font-bold text-white underline underline-offset-4">
                {siteConfig.phone}
              </a>
            </p>
          </div>
        </div>
        <MatchCard />
      </div>
    </section>
  );
}
