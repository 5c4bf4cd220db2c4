import { Heading, Link, Text } from "@react-email/components";
import { WORK_EMAIL_CODE_COPY as COPY } from "../mail-copy";
import type { WorkEmailCodeShown } from "../mail-kinds";
import { MAIL_STYLES as S } from "./mail-styles";

/** The code and its Confirm link (decision 0031): the only six-digit number of the e-mail. */
export function WorkEmailCodeBlock({ shown, headingLevel }: { shown: WorkEmailCodeShown; headingLevel: "h1" | "h2" }) {
  return (
    <>
      <Heading as={headingLevel} style={headingLevel === "h1" ? S.h1 : S.h2}>
        {COPY.title}
      </Heading>
      <Text style={S.text}>{COPY.body}</Text>
      <Text style={S.code}>{COPY.code(shown.code)}</Text>
      <Text style={S.text}>
        {COPY.orLink}{" "}
        <Link href={shown.confirmUrl} style={S.link}>
          {COPY.link}
        </Link>
      </Text>
    </>
  );
}
