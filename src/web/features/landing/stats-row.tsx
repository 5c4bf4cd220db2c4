import { HOW_IT_WORKS_COPY } from "../../content/landing";

/** The marketing figures of spec 1, as a definition list (figure, then what it counts). */
export function StatsRow() {
  return (
    <div className="mt-12 rounded-2xl bg-brand-dark px-6 py-8 text-white">
      <h3 className="sr-only">{HOW_IT_WORKS_COPY.statsHeading}</h3>
      <dl className="grid grid-cols-2 gap-6 text-center sm:grid-cols-3 lg:grid-cols-5">
        {HOW_IT_WORKS_COPY.stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm text-slate-200">{stat.label}</dt>
            <dd className="text-2xl font-extrabold sm:text-3xl tracking-tight text-orange-300">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
