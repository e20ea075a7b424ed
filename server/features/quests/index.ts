// The quests area's door: what other areas and the app may use.
export { createQuests } from "./quests";
export { questOperations } from "./routes";
