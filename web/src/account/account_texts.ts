// The texts of accounts and ratings (the account menu and forms, the player page, the hall of
// fame, the players' names and rating changes on the game page), in the four UI languages, kept
// in account_texts.json (one entry per text, one string per language). The server's error codes
// have theirs in server_texts.json.
import { dictsOf } from '../common/text_table';
import texts from './account_texts.json';

export type AccountDict = Record<keyof typeof texts, string>;
export const ACCOUNT_TEXTS = dictsOf(texts);
