import { describeErrorForLog, logLine } from "../../platform/log";
import { startRepeatingJob } from "../../platform/repeating-job";
import type { QuestSettingsService } from "./quest-settings";

/**
 * Every minute, open quests past their deadline move to judging. One conditional UPDATE, so every
 * app process may run it on one PostgreSQL; the public pages already show such a quest as judging
 * before the job runs (public-quests.ts).
 */
export function startQuestDeadlineJob(settings: Pick<QuestSettingsService, "judgeDue">, intervalMs = 60_000) {
  return startRepeatingJob(async () => {
    try {
      const moved = await settings.judgeDue();
      if (moved) logLine({ level: "info", msg: "quests moved to judging", quests: moved });
    } catch (err) {
      logLine({ level: "error", msg: "quest deadline job failed", ...describeErrorForLog(err) });
    }
  }, intervalMs);
}
