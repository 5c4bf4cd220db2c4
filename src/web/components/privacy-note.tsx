import { Link } from "react-router";
import { PATHS } from "../route-paths";
import { FORM_LABELS } from "../content/form-labels";

/** The line under a contact form that says what the details are used for, ending with a link to the privacy policy. */
export function PrivacyNote({ note }: { note: string }) {
  return (
    <p className="text-sm text-slate-600">
      {note}{" "}
      <Link to={PATHS.privacy} className="font-medium text-brand underline underline-offset-2">
        {FORM_LABELS.privacyLink}
      </Link>
      .
    </p>
  );
}
