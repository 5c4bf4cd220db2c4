import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("qualify", "routes/qualify.tsx"),
  route("qualifying-chat", "routes/qualifying-chat.tsx"),
  route("voice-agent", "routes/voice-agent.tsx"),
  route("thank-you", "routes/thank-you.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("confirm-email", "routes/confirm-email.tsx"),
  route("stop-contacting", "routes/stop-contacting.tsx"),
  route("call", "routes/call.tsx"),
  // The staff console (decision 0027): a layout route (who is signed in) and one route per view,
  // each with its own clientLoader and clientAction; rendered in the browser only: /staff is
  // prerendered as an empty shell (no personal data), which the server also answers for every
  // address under it. Its own chunks, never in the sitemap.
  route("staff", "routes/staff.tsx", [
    index("routes/staff/leads.tsx"),
    route("due", "routes/staff/due.tsx"),
    route("calls", "routes/staff/calls.tsx"),
    route("leads/:leadId", "routes/staff/lead.tsx"),
    route("applications", "routes/staff/applications.tsx"),
    route("applications/:applicationId", "routes/staff/application.tsx"),
    route("accounts", "routes/staff/accounts.tsx"),
    route("security", "routes/staff/security.tsx"),
    route("security-log", "routes/staff/security-log.tsx"),
    route("throttles", "routes/staff/throttles.tsx"),
    route("approvals", "routes/staff/approvals.tsx"),
    route("privacy", "routes/staff/privacy-requests.tsx"),
    route("reports", "routes/staff/reports.tsx"),
  ]),
  // Prerendered at /404 and served for every unknown path.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
