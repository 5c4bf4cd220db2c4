import { telHref } from "../../site-config";
import { VOICE_CARD_COPY } from "../../content/voice-agent";

interface VoiceAlternativesProps {
  lead: string;
  beforeChat: string;
  phone: string;
  chatHref: string;
}

/** "…use the text chat below, or call us at (888) …": the ways on when voice does not work. */
export function VoiceAlternatives({ lead, beforeChat, phone, chatHref }: VoiceAlternativesProps) {
  return (
    <>
      <strong className="font-semibold">{lead}</strong> {beforeChat}{" "}
      <a className="font-semibold text-brand underline" href={chatHref}>
        {VOICE_CARD_COPY.chatLink}
      </a>
      {VOICE_CARD_COPY.beforePhone}{" "}
      <a className="font-semibold whitespace-nowrap text-brand underline" href={telHref(phone)}>
        {phone}
      </a>
      .
    </>
  );
}
