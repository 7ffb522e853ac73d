// The texts of the table's switches (animation speed, sound) and the offline banner, in the four
// UI languages, kept in table_texts.json (one entry per text, one string per language).
import { dictsOf } from '../common/text_table';
import texts from './table_texts.json';

export const TABLE_TEXTS = dictsOf(texts);
