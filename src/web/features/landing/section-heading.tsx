export interface SectionHeadingProps {
  id: string;
  title: string;
  intro?: string;
  isLight?: boolean;
}

/** The heading block every landing section opens with. */
export function SectionHeading({ id, title, intro, isLight = false }: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2
        id={id}
        className={`text-3xl font-extrabold tracking-tight text-balance sm:text-4xl ${isLight ? "text-white" : "text-slate-900"}`}
      >
        {title}
      </h2>
      {intro ? <p className={`mt-4 text-lg ${isLight ? "text-slate-100" : "text-slate-600"}`}>{intro}</p> : null}
    </div>
  );
}
