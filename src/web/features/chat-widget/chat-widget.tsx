/**
 * The embedded third-party text chat (spec 2.5), shared by /voice-agent and /qualifying-chat.
 * Placeholder until the voice-page issue builds it: the container keeps its final size so the
 * pages that use it are laid out already.
 */
export function ChatWidget() {
  return (
    <div className="min-h-[500px] h-[60vh] max-h-[700px] rounded-lg border border-slate-300 bg-slate-50 p-4">
      <p>Text chat is not available right now.</p>
    </div>
  );
}
