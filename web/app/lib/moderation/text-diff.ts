/**
 * Which words of two versions of a text differ (issue 21: a moderator compares the public
 * description with the proposed one side by side; a changed rate in 2000 characters should not
 * have to be hunted for). A longest-common-subsequence over tokens: words, numbers with their
 * inner spaces and separators ('12 500', '3,3'), single marks, whitespace; Chinese one character
 * a token. Each side comes back as parts, `changed` where the token is not in the common part.
 */

export interface TextPart {
  text: string;
  changed: boolean;
}

/** Above this many token pairs the whole text is marked as changed (keeps a review page cheap). */
const MAX_CELLS = 400_000;

/** Tokens of `text`: numbers (with thin/normal/nbsp group spaces and , . separators), words, whitespace, one mark each; CJK by character. */
export function tokens(text: string): string[] {
  return text.match(/\d+(?:[\s\u00a0\u202f.,]\d+)*|[\u3400-\u9fff]|[\p{L}\p{M}]+|\s+|[^\s\p{L}\p{M}\d]/gu) ?? [];
}

/** Adjacent parts of the same kind joined; whitespace between two changed tokens is part of the change. */
function merge(parts: TextPart[]): TextPart[] {
  for (let k = 1; k < parts.length - 1; k++)
    if (/^\s+$/.test(parts[k].text) && parts[k - 1].changed && parts[k + 1].changed) parts[k].changed = true;
  const out: TextPart[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (last && last.changed === p.changed) last.text += p.text;
    else out.push({ ...p });
  }
  return out;
}

/** The parts of `before` and `after`: unchanged tokens are those of a longest common subsequence; whitespace never counts as a change. */
export function diffText(before: string, after: string): { before: TextPart[]; after: TextPart[] } {
  const a = tokens(before);
  const b = tokens(after);
  if (a.length * b.length > MAX_CELLS) return { before: [{ text: before, changed: true }], after: [{ text: after, changed: true }] };
  // lcs[i][j]: the LCS length of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const left: TextPart[] = [];
  const right: TextPart[] = [];
  const blank = (s: string) => /^\s+$/.test(s);
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      left.push({ text: a[i++], changed: false });
      right.push({ text: b[j++], changed: false });
    } else if (j < b.length && (i === a.length || lcs[i][j + 1] >= lcs[i + 1][j])) {
      right.push({ text: b[j], changed: !blank(b[j]) });
      j++;
    } else {
      left.push({ text: a[i], changed: !blank(a[i]) });
      i++;
    }
  }
  return { before: merge(left), after: merge(right) };
}
