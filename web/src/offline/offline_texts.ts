// The texts of games played in the browser (their card on the game page, the mark on a player's
// games), in the four UI languages, kept in offline_texts.json.
import { dictsOf } from '../common/text_table';
import texts from './offline_texts.json';

export const OFFLINE_TEXTS = dictsOf(texts);
