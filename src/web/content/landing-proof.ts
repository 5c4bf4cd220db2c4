/** Landing page social proof (spec 2.1, 9): customer cards, two testimonials, the three Real Results cards. */
export const SOCIAL_PROOF_COPY = {
  heading: "Facilities like yours count on us every night",
  intro: "Directors of nursing and schedulers use us to cover call-offs, weekends and census spikes.",
  customers: [
    { name: "Magnolia Senior Living", kind: "Assisted living · 3 communities", location: "Atlanta, GA" },
    { name: "Peachtree Rehab", kind: "Rehabilitation center · 120 beds", location: "Marietta, GA" },
    { name: "Northside Care Centers", kind: "Skilled nursing · 4 facilities", location: "Charlotte, NC" },
  ],
  testimonialsHeading: "What our partners say",
  testimonials: [
    {
      quote:
        "We used to spend the whole morning calling agencies for one night shift. Now I post it in under a minute and have a matched RN before I finish my coffee.",
      name: "Denise M.",
      role: "Director of Nursing, skilled nursing facility",
    },
    {
      quote:
        "The GPS check-in is what sold me. I know who is on the way and when, and the one no-show we had was backfilled before the shift started.",
      name: "Carlos T.",
      role: "Staffing Scheduler, assisted living community",
    },
  ],
  resultsHeading: "Real Results",
  results: [
    { figure: "37", title: "ICU PRN shifts filled", detail: "31% overtime reduction", context: "Regional hospital" },
    { figure: "100%", title: "weekend coverage", detail: "98.5% show rate", context: "Skilled nursing facility" },
    { figure: "24", title: "emergency fills", detail: "12 min average response", context: "Rehabilitation center" },
  ],
} as const;
