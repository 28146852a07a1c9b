/** Topics, as other features use them: the settings tab, and reading and adding a list of topics (onboarding). */
export { addTopics, topicsQuery } from "./api.ts";
export { parseTopics, topicsProblem } from "./topic-list.ts";
export { TopicsTab } from "./TopicsTab.tsx";
