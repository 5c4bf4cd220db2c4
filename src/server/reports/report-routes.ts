import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from "fastify";
import { isbot } from "isbot";
import type { z } from "zod";
import { FORM_STEP_PATH } from "../../domain/form-steps";
import { FormStepBeaconSchema } from "../../domain/form-step-requests";
import { regionsByStateName, type RegionMap } from "../../domain/onboarding-regions";
import {
  FUNNEL_STEPS,
  conversion,
  reportQuerySchema,
  type FunnelReport,
  type FunnelRow,
} from "../../domain/report-funnel";
import type { FormStepsReport } from "../../domain/staff-console-api";
import type { Config } from "../config";
import { regionMapOf } from "../config-reports";
import { sendCsv, type CsvColumn } from "../csv-export";
import { parseBody } from "../validation";
import { countFormStep, formStepAllowance, formStepFunnels } from "./form-step-counts";
import { funnelReport } from "./funnel-query";
import { spotsCache } from "./onboarding-spots-cache";

/**
 * Reports (docs/decisions/0039): what the funnel yields, for the console, and the
 * landing page's "spots left" and form step counts, for the public. Two plugins, one door:
 * `reportsStaffRoutes` goes inside the staff API's scope (its session and console-request hooks),
 * `reportsPublicRoutes` beside the other public routes.
 */

const FUNNEL_PATH = "/api/staff/reports/funnel";
const FUNNEL_CSV_PATH = "/api/staff/reports/funnel.csv";
const FORM_STEPS_REPORT_PATH = "/api/staff/reports/form-steps";
const SPOTS_PATH = "/api/onboarding/spots";

const today = (now = new Date()) => now.toISOString().slice(0, 10);
const regionsOf = (config: Config): RegionMap => {
  const regions = regionMapOf(config);
  if (!("map" in regions)) throw new Error(`${regions.variable}: ${regions.error}`); // checked at start (config.ts)
  return regions.map;
};
const parseQuery = <S extends z.ZodType>(schema: S, query: unknown, reply: FastifyReply) =>
  parseBody(schema, query, reply, { error: "first-message" });

/** The CSV's columns: the table shown, each step's count and its conversion from the step before. */
const FUNNEL_CSV_COLUMNS: CsvColumn<FunnelRow>[] = [
  "key",
  ...FUNNEL_STEPS.flatMap((step, index): CsvColumn<FunnelRow>[] =>
    index === 0
      ? [step]
      : [step, { header: `${step}Conversion%`, value: (row) => conversion(row[step], row[FUNNEL_STEPS[index - 1]!]) }],
  ),
  "roleVerifiedAutomatically",
  "roleVerifiedByStaff",
  "rejected",
  { header: "overallConversion%", value: (row) => conversion(row.bonusSent, row.leads) },
];

/** The console's reads: the funnel (JSON and CSV) and the form's step counts. Every staff role may read them. */
export const reportsStaffRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const regions = regionsByStateName(regionsOf(app.config));
  const report = async (query: unknown, reply: FastifyReply) => {
    const parsed = parseQuery(reportQuerySchema(today()), query, reply);
    return parsed ? ((await funnelReport(app.store.db, parsed, regions)) satisfies FunnelReport) : undefined;
  };
  app.get(FUNNEL_PATH, async (request, reply) => (await report(request.query, reply)) ?? reply);
  app.get(FUNNEL_CSV_PATH, async (request, reply) => {
    const result = await report(request.query, reply);
    if (!result) return reply;
    async function* batches() {
      yield [...result!.rows, { key: "total", ...result!.totals }];
    }
    return sendCsv(reply, {
      filename: `funnel-by-${result.by}-${result.from}-to-${result.to}.csv`,
      columns: FUNNEL_CSV_COLUMNS,
      batches: batches(),
    });
  });
  app.get(FORM_STEPS_REPORT_PATH, async (request, reply) => {
    const parsed = parseQuery(reportQuerySchema(today()), request.query, reply);
    if (!parsed) return reply;
    return {
      from: parsed.from,
      to: parsed.to,
      forms: await formStepFunnels(app.store.db, parsed.from, parsed.to),
    } satisfies FormStepsReport;
  });
};

/** The public side: the spots figure (cached) and the form's step beacon. */
export const reportsPublicRoutes: FastifyPluginAsync<{ spotsMaxAgeMs?: number; clock?: () => Date }> = async (
  app,
  options,
) => {
  const maxAgeMs = options.spotsMaxAgeMs ?? 30_000;
  const spots = spotsCache(
    () => app.store.db,
    {
      capacity: app.config.ONBOARDING_CAPACITY_PER_QUARTER,
      featured: app.config.ONBOARDING_FEATURED_REGION,
      regions: regionsOf(app.config),
      maxAgeMs,
    },
    options.clock,
  );
  app.get(SPOTS_PATH, async (_request, reply) => {
    // The server's copy is at most 30 s old and a browser or proxy keeps it 30 s more: under a minute in all.
    reply.header("cache-control", `public, max-age=${Math.floor(maxAgeMs / 1000)}`);
    return spots.get();
  });

  const allowed = formStepAllowance(app);
  app.post(FORM_STEP_PATH, async (request, reply) => {
    const beacon = parseQuery(FormStepBeaconSchema, request.query, reply);
    if (!beacon) return reply;
    // Crawlers and a client past its limits are answered alike and counted not at all.
    const agent = request.headers["user-agent"] ?? "";
    if (agent && !isbot(agent) && (await allowed(request))) await countFormStep(app.store.db, beacon, new Date());
    return reply.code(204).send();
  });
};
