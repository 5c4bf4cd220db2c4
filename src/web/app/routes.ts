import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("qualify", "routes/qualify.tsx"),
  route("qualifying-chat", "routes/qualifying-chat.tsx"),
  route("voice-agent", "routes/voice-agent.tsx"),
  route("thank-you", "routes/thank-you.tsx"),
  route("privacy", "routes/privacy.tsx"),
  // The staff console: its own chunk, prerendered as an empty shell (no personal data), never in the sitemap.
  route("staff", "routes/staff.tsx"),
  // Prerendered at /404 and served for every unknown path.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
