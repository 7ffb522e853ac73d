// The texts of the lobby page (seeks, play now, challenges), in the four UI languages, kept in
// lobby_texts.json (one entry per text, one string per language).
import { dictsOf } from '../common/text_table';
import texts from './lobby_texts.json';

export type LobbyDict = Record<keyof typeof texts, string>;
export const LOBBY_TEXTS = dictsOf(texts);
