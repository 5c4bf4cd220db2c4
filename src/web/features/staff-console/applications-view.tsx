import { Form, useLocation } from "react-router";
import { CLASSIFICATIONS, labelOf } from "../../../domain/enumerations";
import { ApplicationSearchSchema } from "../../../domain/lead-list-filters";
import type { ApplicationAnswer, ApplicationPage } from "../../../domain/staff-console-api";
import { ErrorSummary } from "../../components/error-summary";
import { TextField } from "../../components/text-field";
import { CONSOLE_COPY } from "../../content/staff-console";
import { FORM_LABELS as FORM_CORE_LABELS } from "../../content/form-labels";
import { errorSummaryItems, focusField, useErrorSummaryFocus } from "../../forms/error-focus";
import { DataTable, Details, Pager, ViewHeading, ViewLink, formatDateTime } from "./console-ui";
import { Button } from "../../components/button";
import { CONSOLE_PATHS, applicationPath, backPath } from "./console-paths";
import { readFilters, searchOf, useListFilters } from "./list-filters";
import { ConsoleError, readApi, staffApi } from "./staff-api";
import { requireSession } from "./staff-session";

const COPY = CONSOLE_COPY.applications;
const F = CONSOLE_COPY.fields;

type Application = ApplicationAnswer["application"];

const FILTERS = ["q"] as const;

/** The applications route's read: a page for the address's search and cursor. */
export async function loadApplications(request: Request): Promise<ApplicationPage> {
  await requireSession();
  const query = searchOf(readFilters(new URL(request.url).search, [...FILTERS, "cursor"]));
  return readApi<ApplicationPage>(`/nurse-applications${query || "?"}`);
}

/** One application's read (a 404 in words). */
export async function loadApplication(id: string): Promise<Application> {
  await requireSession();
  const answer = await staffApi<ApplicationAnswer>(`/nurse-applications/${encodeURIComponent(id)}`);
  if (!answer.ok) throw new ConsoleError(answer.status, answer.status === 404 ? COPY.notFound : answer.error);
  return answer.data.application;
}

/** Nurse applications: a searchable list, newest first; the search and page in the address. */
export function ApplicationList({ page }: { page: ApplicationPage }) {
  const { summaryRef, refused } = useErrorSummaryFocus();
  const filters = useListFilters(FILTERS, ApplicationSearchSchema, refused);
  const { values, errors } = filters.state;

  return (
    <div>
      <ViewHeading>{COPY.heading}</ViewHeading>
      <Form
        method="get"
        onSubmit={filters.apply}
        noValidate
        className="mt-4 flex max-w-xl flex-wrap items-end gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-300"
      >
        <div className="w-full">
          <ErrorSummary
            ref={summaryRef}
            title={FORM_CORE_LABELS.errorSummaryTitle}
            items={errorSummaryItems(errors, FILTERS, () => "application-search")}
            onSelect={focusField}
          />
        </div>
        <div className="min-w-0 flex-1">
          <TextField
            id="application-search"
            label={COPY.search}
            hint={COPY.searchHint}
            type="search"
            value={values.q}
            onValueChange={filters.set("q")}
            error={errors.q}
          />
        </div>
        <Button type="submit" tone="brand" className="mb-6">
          {COPY.submit}
        </Button>
      </Form>
      <DataTable
        caption={COPY.caption}
        columns={Object.values(COPY.columns)}
        empty={page.applications.length === 0 ? COPY.empty : undefined}
      >
        {page.applications.map((a) => {
          const name = `${a.firstName} ${a.lastName}`;
          return (
            <tr key={a.id} className="border-t border-slate-200 align-top">
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(a.receivedAt)}</td>
              <th scope="row" className="px-3 py-2 font-normal">
                <ViewLink to={applicationPath(a.id, filters.here)} label={COPY.open(name)}>
                  {name}
                </ViewLink>
              </th>
              <td className="px-3 py-2">{labelOf(CLASSIFICATIONS, a.classification)}</td>
              <td className="px-3 py-2">{a.desiredLocation}</td>
              <td className="px-3 py-2 [overflow-wrap:anywhere]">
                {a.email}
                <br />
                {a.phone}
              </td>
            </tr>
          );
        })}
      </DataTable>
      <Pager isPaged={Boolean(filters.cursor)} nextCursor={page.nextCursor} onPage={filters.page} />
    </div>
  );
}

/** "Back to applications": to the list (its search and page) the application was opened from. */
export function BackToApplications() {
  const location = useLocation();
  return <ViewLink to={backPath(location.search, CONSOLE_PATHS.applications)}>{COPY.back}</ViewLink>;
}

export function ApplicationDetail({ application: a }: { application: Application }) {
  return (
    <div>
      <BackToApplications />
      <div className="mt-3 rounded-lg bg-white p-4 ring-1 ring-slate-300">
        <ViewHeading>{`${a.firstName} ${a.lastName}`}</ViewHeading>
        <Details
          items={[
            [F.receivedAt, formatDateTime(a.receivedAt)],
            [F.email, a.email],
            [F.phone, a.phone],
            [COPY.fields.zipCode, a.zipCode],
            [COPY.fields.classification, labelOf(CLASSIFICATIONS, a.classification)],
            [COPY.fields.desiredLocation, a.desiredLocation],
            [COPY.fields.message, a.message],
            [COPY.fields.subject, a.subject],
            [COPY.fields.source, a.source],
            [F.timestamp, a.timestamp],
            [F.clientIp, a.clientIp],
            [F.userAgent, a.userAgent],
          ]}
        />
      </div>
    </div>
  );
}
