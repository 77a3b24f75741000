import type { i18n, TFunction } from 'i18next';
import { useContext } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

const cache = new WeakMap<i18n, Map<unknown, unknown>>();

/**
 * Texts built once per i18next instance and namespace instead of once per element: a
 * catalogue page renders 50 cards with the same dozen labels, and each i18next `t` call costs
 * a few microseconds. An instance keeps its language for its whole life (lib/i18n.ts), so the
 * texts built from it never go stale, and the hook reads the instance from the context only:
 * `useTranslation` would add two effects and a language-change subscription to each of ~100
 * card parts, which a phone runs in one task after hydration (issue 19 item 13).
 * `build` must be a module-level function (it is the key).
 */
export function useTexts<T>(ns: string, build: (t: TFunction) => T): T {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  let byBuilder = cache.get(i18n);
  if (!byBuilder) cache.set(i18n, (byBuilder = new Map()));
  if (!byBuilder.has(build)) byBuilder.set(build, build(i18n.getFixedT(null, ns)));
  return byBuilder.get(build) as T;
}

const MARK = '\u0000';

/**
 * A translation with plain `{{name}}` placeholders as a function of their values, for texts
 * repeated with different values (e.g. the favourite button's label with each card's title).
 * Same result as `t(key, values)`: the text is translated once with markers in place of the
 * values, which are then put where the markers came out.
 */
export function template<K extends string>(t: TFunction, key: string, names: readonly K[]): (values: Record<K, string | number>) => string {
  const marked = t(key, Object.fromEntries(names.map((n, i) => [n, `${MARK}${i}${MARK}`]))) as string;
  const parts = marked.split(MARK);
  // parts: text, index, text, index, ..., text
  return (values) => {
    let out = parts[0];
    for (let i = 1; i < parts.length; i += 2) out += String(values[names[Number(parts[i])]]) + (parts[i + 1] ?? '');
    return out;
  };
}

/**
 * `t(key, { count })` memoised by count (plural forms): small counts repeat across a page.
 */
export function counted(t: TFunction, key: string): (count: number) => string {
  const memo = new Map<number, string>();
  return (count) => {
    let text = memo.get(count);
    if (text === undefined) memo.set(count, (text = t(key, { count }) as string));
    return text;
  };
}
