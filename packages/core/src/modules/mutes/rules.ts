/** Muted words: the limits the server enforces and the page states, and the refusals' messages. */
export const MUTE_LIMITS = { maxWords: 50, maxLength: 60 } as const;

export const MUTE_MESSAGES = {
  empty: "Type a word or phrase to mute.",
  tooLong: `A muted word or phrase is at most ${MUTE_LIMITS.maxLength} characters.`,
  noLetters: "A muted word needs a letter or a digit.",
  invalidCharacters: "A muted word cannot hold control characters or broken text.",
  duplicate: "That word is muted already.",
  tooMany: `You can mute at most ${MUTE_LIMITS.maxWords} words.`,
} as const;
