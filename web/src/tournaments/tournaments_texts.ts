// The texts of the tournament pages (the list, the create dialog, a tournament's page), in the four
// UI languages, kept in tournaments_texts.json (one entry per text, one string per language).
import { dictsOf } from '../common/text_table';
import texts from './tournaments_texts.json';

export type TournamentsDict = Record<keyof typeof texts, string>;
export const TOURNAMENT_TEXTS = dictsOf(texts);
