/**
 * The keywords a text may consist of (CTIA Messaging Principles and Best Practices, 5.2): opt-out
 * words stop every text, START/UNSTOP resume, HELP asks who we are. A message is a keyword only
 * when it is nothing else: any case, spaces and a trailing full stop or exclamation mark ignored.
 */
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const START_WORDS = new Set(["START", "UNSTOP"]);
const HELP_WORDS = new Set(["HELP", "INFO"]);

export type Keyword = "stop" | "start" | "help";

/** The keyword `body` is, or null for an ordinary message. */
export function keywordOf(body: string): Keyword | null {
  const word = body.replace(/[\s.!]+/g, "").toUpperCase();
  if (STOP_WORDS.has(word)) return "stop";
  if (START_WORDS.has(word)) return "start";
  if (HELP_WORDS.has(word)) return "help";
  return null;
}
