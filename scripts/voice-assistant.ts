/**
 * npm run voice:assistant [-- --dry-run | --check]
 *
 * Creates or updates the voice assistant at the provider from the repository's definition
 * (src/domain/voice-assistant.ts), or checks it; the logic is in src/server/voice/assistant-sync.ts.
 */
import process from "node:process";
import { runVoiceAssistantCli } from "../src/server/voice/assistant-sync";

process.exitCode = await runVoiceAssistantCli(process.argv.slice(2), process.env, {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
