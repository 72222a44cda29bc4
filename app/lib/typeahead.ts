/**
 * Menu typeahead (SPEC section 9: 'Dropdown typeahead resets after 1 second'): typed characters
 * gather into a search string that moves focus to the first entry starting with it; a pause of
 * a second starts a new search. Pressing one character again and again steps through the
 * entries starting with it, as WAI-ARIA's menu pattern describes.
 */

/** The pause after which typing starts a new search (ms). */
export const TYPEAHEAD_RESET_MS = 1000;

export interface TypeaheadState {
  /** what has been typed since the last pause, lower case */
  search: string;
  /** when the last character was typed (ms) */
  at: number;
}

/** The search after typing `key` at `now` (ms), following `previous` (null: none yet). */
export function typeaheadType(
  previous: TypeaheadState | null,
  key: string,
  now: number,
): TypeaheadState {
  const fresh = !previous || now - previous.at >= TYPEAHEAD_RESET_MS;
  return { search: (fresh ? "" : previous.search) + key.toLowerCase(), at: now };
}

/**
 * The entry `search` moves to among `labels`, given the entry now focused (`current`, -1 for
 * none); -1 when none matches (focus stays). One repeated character steps to the next entry
 * starting with it, after `current`; anything else finds the first entry starting with it.
 */
export function typeaheadMatch(labels: readonly string[], search: string, current: number): number {
  const lower = labels.map((label) => label.toLowerCase());
  const repeated = search.length > 0 && [...search].every((c) => c === search[0]);
  if (repeated) {
    const char = search[0] as string;
    for (let step = 1; step <= lower.length; step++) {
      const index = (current + step + lower.length) % lower.length;
      if (lower[index]?.startsWith(char)) return index;
    }
    return -1;
  }
  return lower.findIndex((label) => label.startsWith(search));
}
