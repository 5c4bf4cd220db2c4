import { stepMails, type StepMail } from "./mail-triggers";
import { doNotContactOf } from "../privacy";
import type { StepEffects } from "../store/lead-pipeline-repository";

/**
 * What a pipeline step does beyond the pipeline (decision 0041): the person's do-not-contact state in
 * its forwarded event (privacy), and its e-mails when e-mail is on (mail). Every caller of
 * recordTransition passes these in, so the store imports neither capability.
 */
export function stepEffects(mail: StepMail | undefined): StepEffects {
  return {
    doNotContact: doNotContactOf,
    mails: mail && ((tx, step, lead) => stepMails(tx, mail, step, lead)),
  };
}
