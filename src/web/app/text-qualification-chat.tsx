import { Suspense, useState } from "react";
import { ChatWidget } from "../features/chat-widget/chat-widget";
import { LazyNurseApplicationDialog } from "../features/nurse-application/lazy-nurse-application-dialog";
import { LazyQualificationChat } from "../features/qualification-chat/lazy-qualification-chat";
import type { ChatEnding } from "../features/qualification-chat/qualification-chat";
import { ChatEnd } from "./chat-end";

/**
 * The Text Qualification Chat of /voice-agent and /qualifying-chat (spec 2.5, decision 0011): the
 * chat container with our own chat (or a configured widget), and the nurse application dialog
 * that the chat's nurse outcome opens. Both load after the page is interactive. A facility
 * outcome ends in the page below the chat's box, and is told to the route (its heading).
 */
export function TextQualificationChat({ onEnded }: { onEnded?: (ending: ChatEnding | null) => void }) {
  const [isNurseDialogOpen, setNurseDialogOpen] = useState(false);
  const [hasOpenedNurseDialog, setOpenedNurseDialog] = useState(false);
  const [ending, setEnding] = useState<ChatEnding | null>(null);
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
            onEnded={(ended) => {
              setEnding(ended);
              onEnded?.(ended);
            }}
          />
        }
      />
      {ending ? <ChatEnd key={ending.session.leadId} ending={ending} /> : null}
      {hasOpenedNurseDialog ? (
        <Suspense fallback={null}>
          <LazyNurseApplicationDialog isOpen={isNurseDialogOpen} onClose={() => setNurseDialogOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
