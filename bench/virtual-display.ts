import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Where the interaction bench's Chromium draws (docs/decisions/0022).
 *
 * Headless Chromium (156 here) stops presenting a page's frames once the page has been scrolled,
 * by a person's wheel, a tap's scroll into view or a script, until something else makes the
 * browser draw: a static page with one text field, scrolled and typed into at full CPU speed,
 * reports key presses of 3 s by Event Timing. Presentation is where Event Timing ends an
 * interaction, so headless figures for a field below the fold measure that, not the page. A
 * headed Chromium on a virtual X display (Xvfb) presents every frame, as a phone does.
 *
 * - DISPLAY set: headed, on that display.
 * - else Xvfb on PATH (Debian: `apt-get install -y xvfb`): one is started for the run.
 * - else (or BENCH_HEADLESS=1): headless, and the report says its durations are not comparable.
 */
export interface Display {
  headless: boolean;
  env: Record<string, string>;
  /** Said in the report: where the figures come from. */
  description: string;
  stop(): void;
}

const onPath = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;

export async function openDisplay(): Promise<Display> {
  if (process.env.BENCH_HEADLESS === "1") return headless("headless (BENCH_HEADLESS=1)");
  if (process.env.DISPLAY) {
    return {
      headless: false,
      env: { DISPLAY: process.env.DISPLAY },
      description: `headed, on display ${process.env.DISPLAY}`,
      stop() {},
    };
  }
  if (!onPath("Xvfb"))
    return headless(
      "headless: no Xvfb on this machine, so interaction durations include headless Chromium's late presentation",
    );
  for (let number = 90; number < 110; number++) {
    if (existsSync(`/tmp/.X11-unix/X${number}`) || existsSync(`/tmp/.X${number}-lock`)) continue;
    const server: ChildProcess = spawn("Xvfb", [`:${number}`, "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], {
      stdio: "ignore",
    });
    for (let waited = 0; waited < 5000 && server.exitCode === null; waited += 50) {
      if (existsSync(`/tmp/.X11-unix/X${number}`)) {
        return {
          headless: false,
          env: { DISPLAY: `:${number}` },
          description: "headed, on a virtual display (Xvfb)",
          stop: () => void server.kill(),
        };
      }
      await sleep(50);
    }
    server.kill();
  }
  return headless(
    "headless: Xvfb did not start, so interaction durations include headless Chromium's late presentation",
  );
}

function headless(description: string): Display {
  return { headless: true, env: {}, description, stop() {} };
}
