import { lazy } from "react";

/** Our text qualification chat, as a chunk of its own: it loads after the page is interactive, never with the page's first JavaScript. */
export const LazyQualificationChat = lazy(() => import("./qualification-chat"));
