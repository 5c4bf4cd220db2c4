import { Suspense, useState } from "react";
import { ChatWidget } from "../features/chat-widget/chat-widget";
import { LazyNurseApplicationDialog } from "../features/nurse-application/lazy-nurse-application-dialog";
import { LazyQualificationChat } from "../features/qualification-chat/lazy-qualification-chat";
import { LazyWorkEmailCodeForm } from "../features/work-email/lazy-work-email-code-form";
import { LazyTimePicker } from "../features/call-booking/lazy-time-picker";

/**
 * The Text Qualification Chat of /voice-agent and /qualifying-chat (spec 2.5, issue 14): the
 * chat container with our own chat (or a configured widget), and the nurse application dialog
 * that the chat's nurse outcome opens. Both load after the page is interactive.
 */
export function TextQualificationChat() {
  const [isNurseDialogOpen, setNurseDialogOpen] = useState(false);
  const [hasOpenedNurseDialog, setOpenedNurseDialog] = useState(false);
  const openNurseDialog = () => {
    setOpenedNurseDialog(true);
    setNurseDialogOpen(true);
  };
  return (
    <>
      <ChatWidget
        ownChat={
          <LazyQualificationChat
            onApplyNurse={openNurseDialog}
            afterOutcome={(session) => (
              <>
                <LazyTimePicker session={{ leadId: session.leadId, token: session.token }} />
                <LazyWorkEmailCodeForm session={session} />
              </>
            )}
          />
        }
      />
      {hasOpenedNurseDialog ? (
        <Suspense fallback={null}>
          <LazyNurseApplicationDialog isOpen={isNurseDialogOpen} onClose={() => setNurseDialogOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
