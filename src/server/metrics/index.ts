/** Metrics: the door. This app's counters (one prom-client registry per app) and GET /metrics. */

export { Metrics } from "./metrics";
export { metricsRoutes } from "./metrics-routes";
