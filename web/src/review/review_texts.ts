// The texts of the game review (the computer analysis panel, the marks, the better move) and of
// "Learn from your mistakes", in the four UI languages, kept in review_texts.json (one entry per
// text, one string per language).
import { dictsOf } from '../common/text_table';
import texts from './review_texts.json';

export const REVIEW_TEXTS = dictsOf(texts);
