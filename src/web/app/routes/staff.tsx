import { StaffConsole } from "../../features/staff-console/staff-console";
import { CONSOLE_COPY } from "../../content/staff-console";

/** Never indexed; the prerendered page is an empty shell (the console fetches everything after sign-in). */
export const meta = () => [{ title: CONSOLE_COPY.title }, { name: "robots", content: "noindex, nofollow" }];

export default function Page() {
  return <StaffConsole />;
}
