import { Fragment } from "react";
import type { SentencePart } from "../../../domain/log-sentences";
import { CONSOLE_PATHS, leadPath } from "./console-paths";
import { ViewLink } from "./console-ui";

/**
 * An e-mail address that breaks at sensible places on a narrow screen: after the "@" and after
 * each dot (`<wbr>`), never inside a word (decision 0035).
 */
export function Email({ address }: { address: string }) {
  const pieces = address.split(/(?<=[@.])/);
  return (
    <span>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {piece}
          {index < pieces.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}

/** Where a log's approval link goes: its item in the Approvals view. */
const approvalPath = (id: string) => `${CONSOLE_PATHS.approvals}#approval-${encodeURIComponent(id)}`;

/** A log's sentence (src/domain/log-sentences.ts): words, e-mails, and links to the lead and the approval. */
export function LogSentence({ parts, from }: { parts: readonly SentencePart[]; from?: string }) {
  return (
    <>
      {parts.map((part, index) =>
        "email" in part ? (
          <Email key={index} address={part.email} />
        ) : "lead" in part ? (
          <ViewLink key={index} to={leadPath(part.lead, from)}>
            {part.text}
          </ViewLink>
        ) : "approval" in part ? (
          <ViewLink key={index} to={approvalPath(part.approval)}>
            {part.text}
          </ViewLink>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
