import { lazy } from "react";

/** The nurse application dialog as a chunk of its own, for pages that open it only now and then (the chat's nurse outcome). */
export const LazyNurseApplicationDialog = lazy(() =>
  import("./nurse-application-dialog").then((module) => ({ default: module.NurseApplicationDialog })),
);
