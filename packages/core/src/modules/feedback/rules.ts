/** Limits of feedback, shared by the server (which enforces them) and the feedback page. */

/** The most a feedback message may hold, in characters after trimming. */
export const FEEDBACK_MAX = 5000;
export const FEEDBACK_TOO_LONG = `Feedback must be at most ${FEEDBACK_MAX} characters.`;
