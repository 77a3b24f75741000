import type { Language } from '@realty/contracts';
import en from './en';
import kk from './kk';
import ru from './ru';
import zh from './zh';

/** Every namespace; ru is the source of truth (spec texts), the others mirror its keys. */
export const NAMESPACES = Object.keys(ru) as Array<keyof typeof ru>;
export type Namespace = keyof typeof ru;

/** A nested tree of translation strings (same keys in every language: checked by a test). */
export type TranslationTree = { [key: string]: string | TranslationTree };

export const resources: Record<Language, Record<Namespace, TranslationTree>> = { ru, en, kk, zh };
