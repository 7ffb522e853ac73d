// The texts of the learning pages in the four UI languages, kept in learn_texts.json (one entry
// per text, one string per language) so that web/tests/learn_texts.test.mjs can check that none
// is missing or copied from English.
import { dictsOf } from '../common/text_table';
import texts from './learn_texts.json';

export type LearnDict = Record<keyof typeof texts, string>;
export const LEARN_TEXTS = dictsOf(texts);
