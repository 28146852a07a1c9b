/** The built-in topic list, shared with the server, as the words the find page tumbles through. */
export { BUILTIN_TOPICS as TUMBLE_WORDS } from "@graph/core/modules/topics/rules";
