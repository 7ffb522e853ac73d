// The texts of the game base page and the explorer panel, in the four UI languages, kept in
// base_texts.json (one entry per text, one string per language).
import { dictsOf } from '../common/text_table';
import texts from './base_texts.json';

export type BaseDict = Record<keyof typeof texts, string>;
export const BASE_TEXTS = dictsOf(texts);
