/** Copy shared by several pages: header, footer, not-found page. */
export const HEADER_COPY = {
  backToHome: "Back to Home",
  companySite: (brand: string) => `Visit ${brand}`,
} as const;

export const FOOTER_COPY = {
  rights: "All rights reserved.",
  navLabel: "Footer",
  privacy: "Privacy Policy",
} as const;

/** The app's own error page (a render error, or a route error response). */
export const ERROR_PAGE_COPY = {
  loading: "Loading…",
  title: "Something went wrong",
  tryAgain: "Please try again, or",
  home: "return to the home page",
} as const;

export const NOT_FOUND_COPY = {
  heading: "Page not found",
  body: "The page you were looking for does not exist or has moved.",
  home: "Go to the home page",
} as const;
