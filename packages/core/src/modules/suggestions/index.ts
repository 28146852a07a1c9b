/**
 * Topic suggestions from all graph knows of a person: the topic data's evidence (the topics
 * module) with topics from the catalogue subjects of the books on their shelf (the media module)
 * merged in. It sits above both, so topics knows nothing of books.
 */
import * as Media from "../media/index.ts";
import * as Topics from "../topics/index.ts";
import { BOOKS_READ, topicsFromBooks } from "./book-subjects.ts";

export { subjectTopic, topicsFromBooks } from "./book-subjects.ts";

/**
 * What `POST /gpt/similar_topics` answers: `Topics.similarTopics`, with the subjects of the
 * person's newest books (read side by side with the topic data) in every third place, each saying
 * which book it came from ('from your books: Dune'). Never a topic the person follows, skipped or
 * the request leaves out.
 */
export async function similarTopics(
  userId: string,
  request: Topics.SimilarTopicsRequest = {},
  now = Date.now(),
): Promise<Topics.SuggestedTopic[]> {
  return Topics.similarTopics(userId, request, now, Media.bookSubjects(userId, BOOKS_READ).then(topicsFromBooks));
}
