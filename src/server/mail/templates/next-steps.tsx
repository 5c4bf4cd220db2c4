import type { NextStep } from "../mail-copy";
import { MAIL_STYLES as S } from "./mail-styles";

/** "What happens next" as a list: a screen reader announces how many steps there are. */
export function NextSteps({ steps }: { steps: readonly NextStep[] }) {
  return (
    <ul style={S.list}>
      {steps.map((step) => (
        <li key={step.title} style={S.listItem}>
          <strong>{step.title}.</strong> {step.body}
        </li>
      ))}
    </ul>
  );
}
