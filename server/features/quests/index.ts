// The quests area's door: what other areas and the app may use.
export { startQuestDeadlineJob } from "./deadline-job";
export { createPublicQuests, type PublicQuest, type PublicQuests } from "./public-quests";
export { createQuestSettings, type QuestSettingsService } from "./quest-settings";
export { createQuests } from "./quests";
export { questOperations } from "./routes";
export { createQuestSubmissions, formToInput, questAttachmentsDir, type QuestSubmissions } from "./submissions";
export { questSubmissionOperations } from "./submissions.routes";
export { createQuestReview, type QuestReview } from "./quest-review";
export { questSubmissionFormRoutes, type QuestFormRefusal, type QuestPageRenderer } from "./submission-form.routes";
